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
	cfg := NetworkConfig{Epochs: 20, Step: 0.01, OutputStep: 1, HoldOut: 2, Seed: 7}
	res := fitTestdata(t, v, cfg)
	checkFit(t, res.TrainStart, res.TrainLoss, res.Train, res.HeldOut, res.Repeated, testdataCount(t, v))
	if res.Epoch < 1 || res.Epoch > cfg.Epochs || res.Network == nil || res.Network.Equal(eval.NewNetwork(v)) {
		t.Fatalf("epoch %d of %d, network %v", res.Epoch, cfg.Epochs, res.Network != nil)
	}
	if again := fitTestdata(t, v, cfg); !again.Network.Equal(res.Network) || again.HeldOutLoss != res.HeldOutLoss {
		t.Error("the same seed fitted another network")
	}
	cfg.Lambda = 1
	if results := fitTestdata(t, v, cfg); results.HeldOutStart == res.HeldOutStart {
		t.Errorf("lambda 1: the held-out loss without a network is lambda 0's, %v", res.HeldOutStart)
	}
}

// fitTestdata fits a network of ruleset v to the sample in testdata.
func fitTestdata(t *testing.T, v bashni.Variant, cfg NetworkConfig) NetworkResult {
	t.Helper()
	samples, positions := testdataSamples(t, v)
	res, err := FitNetwork(v, eval.For(v), samples, positions, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// testdataCount returns the number of positions of ruleset v in testdata.
func testdataCount(t *testing.T, v bashni.Variant) int {
	t.Helper()
	samples, _ := testdataSamples(t, v)
	return len(samples)
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
		{v, NetworkConfig{Epochs: 1, Mirror: true}, "fit: russian-draughts: a board of even size has no mirror of its files"},
	} {
		_, err := FitNetwork(c.v, eval.For(v), samples, positions, c.cfg)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %+v: %v, want %q", c.v, c.cfg, err, c.want)
		}
	}
}

// With Mirror a lasca fit learns from each training position and its
// mirror: twice the training positions, the held-out ones as they were,
// and another network.
func TestFitNetworkMirror(t *testing.T) {
	v := bashni.Lasca()
	cfg := NetworkConfig{Epochs: 2, Step: 0.01, OutputStep: 1, HoldOut: 2, Seed: 7}
	plain := fitTestdata(t, v, cfg)
	cfg.Mirror = true
	mirrored := fitTestdata(t, v, cfg)
	if mirrored.Train != 2*plain.Train || mirrored.HeldOut != plain.HeldOut || mirrored.HeldOutStart != plain.HeldOutStart {
		t.Errorf("mirrored: %d training and %d held-out positions (held out %v without a network), want %d and %d (%v)",
			mirrored.Train, mirrored.HeldOut, mirrored.HeldOutStart, 2*plain.Train, plain.HeldOut, plain.HeldOutStart)
	}
	if mirrored.Network.Equal(plain.Network) {
		t.Error("the mirrors changed nothing")
	}
}
