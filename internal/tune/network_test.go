package tune

import (
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/eval"
)

// A network fitted to the sample in testdata lowers the training loss of
// the evaluation without one, is the same network for the same seed, and
// another for the results as labels.
func TestFitNetworkLowersTheLoss(t *testing.T) {
	v := bashni.RussianDraughts()
	samples, positions := testdataSamples(t, v)
	cfg := NetworkConfig{Epochs: 20, Step: 0.01, OutputStep: 1, HoldOut: 2, Seed: 7}
	res, err := FitNetwork(v, eval.For(v), samples, positions, cfg)
	if err != nil {
		t.Fatal(err)
	}
	checkFit(t, res.TrainStart, res.TrainLoss, res.Train, res.HeldOut, res.Repeated, len(samples))
	if res.Epoch < 1 || res.Epoch > cfg.Epochs || res.Network == nil || res.Network.Equal(eval.NewNetwork(v)) {
		t.Fatalf("epoch %d of %d, network %v", res.Epoch, cfg.Epochs, res.Network != nil)
	}
	again, err := FitNetwork(v, eval.For(v), samples, positions, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !again.Network.Equal(res.Network) || again.HeldOutLoss != res.HeldOutLoss {
		t.Error("the same seed fitted another network")
	}
	cfg.Lambda = 1
	results, err := FitNetwork(v, eval.For(v), samples, positions, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if results.HeldOutStart == res.HeldOutStart {
		t.Errorf("lambda 1: the held-out loss without a network is lambda 0's, %v", res.HeldOutStart)
	}
}

func TestFitNetworkErrors(t *testing.T) {
	v := bashni.RussianDraughts()
	samples, positions := testdataSamples(t, v)
	for _, c := range []struct {
		v    bashni.Variant
		cfg  NetworkConfig
		want string
	}{
		{v, NetworkConfig{Epochs: 0}, "fit: 0 epochs: want 1 or more"},
	} {
		_, err := FitNetwork(c.v, eval.For(v), samples, positions, c.cfg)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %+v: %v, want %q", c.v, c.cfg, err, c.want)
		}
	}
}
