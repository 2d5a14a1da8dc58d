package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bashni-dev/bashni/pdn"
)

// matchTo runs a short match writing its games to path with extra flags.
func matchTo(path string, extra ...string) (stdout, stderr string, status int) {
	var out, errOut bytes.Buffer
	args := append([]string{"match", "-games", "2", "-maxplies", "10", "-pdn", path}, extra...)
	status = runCLI(append(args, "random", "greedy"), &out, &errOut)
	return out.String(), errOut.String(), status
}

// -force replaces only a regular file, and says so before the first game
// for anything else (issue 26, item 4: a directory was played into and then
// lost every game; FIFOs and symbolic links were replaced by a file); a
// symbolic link to a regular file stays and its file is replaced, with the
// file's permissions kept; a symbolic link to nothing is not "the file
// exists" (item 14).
func TestForceReplacesOnlyARegularFile(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "games")
	if err := os.Mkdir(games, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(games, "kept.pdn"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	dangling := filepath.Join(dir, "dangling.pdn")
	if err := os.Symlink("nowhere.pdn", dangling); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path, flag, want string
	}{
		{games, "-force", "bashni match: -pdn " + games + ": is a directory; give the path of a file"},
		{games, "", "bashni match: -pdn " + games + ": is a directory"},
		{fifo, "-force", "bashni match: -pdn " + fifo + ": is a named pipe, not a regular file; -append writes to it, and -force replaces only a regular file"},
		{fifo, "", "is a named pipe, not a regular file"},
		{"/dev/null", "", "bashni match: -pdn /dev/null: is a device, not a regular file; -append writes to it, and -force replaces only a regular file"},
		{dangling, "-force", "bashni match: -pdn " + dangling + ": is a symbolic link to nowhere.pdn, which does not exist"},
		{dangling, "", "is a symbolic link to nowhere.pdn, which does not exist"},
		{dangling, "-append", "is a symbolic link to nowhere.pdn, which does not exist"},
	} {
		var extra []string
		if c.flag != "" {
			extra = []string{c.flag}
		}
		out, errOut, status := matchTo(c.path, extra...)
		if status != 1 || out != "" || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("match -pdn %s %s: status %d, stdout %q, stderr %q; want status 1, no game, and %q", c.path, c.flag, status, out, errOut, c.want)
		}
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the named pipe is now %v (%v)", st.Mode(), err)
	}
	if b, err := os.ReadFile(filepath.Join(games, "kept.pdn")); err != nil || string(b) != "x" {
		t.Errorf("the directory's file: %q, %v", b, err)
	}
	if _, err := os.Lstat(filepath.Join(dir, "nowhere.pdn")); err == nil {
		t.Error("the dangling link's target was created")
	}

	// A regular file of mode 600, and a symbolic link to another.
	private := filepath.Join(dir, "private.pdn")
	target := filepath.Join(dir, "target.pdn")
	link := filepath.Join(dir, "link.pdn")
	for _, p := range []string{private, target} {
		if err := os.WriteFile(p, []byte("[Event \"old\"]\n\n1. c3-d4 *\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("target.pdn", link); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, file string }{{private, private}, {link, target}} {
		if _, errOut, status := matchTo(c.path, "-force"); status != 0 || !strings.Contains(errOut, "which replaces "+c.path+" once they are all written") {
			t.Errorf("match -pdn %s -force: status %d, stderr %q", c.path, status, errOut)
		}
		if got := readGames(t, c.file); len(got) != 2 {
			t.Errorf("%s after -force holds games of %v plies, want 2 new games", c.file, got)
		}
		if st, err := os.Stat(c.file); err != nil || st.Mode().Perm() != 0o600 {
			t.Errorf("%s after -force: mode %v (%v), want -rw-------", c.file, st.Mode(), err)
		}
	}
	if dest, err := os.Readlink(link); err != nil || dest != "target.pdn" {
		t.Errorf("the link now points to %q (%v), want target.pdn", dest, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 6 {
		t.Errorf("files left behind: %v", entries)
	}
}

// When the temporary file cannot replace the old one, it is kept and the
// error says where (issue 26, item 4: the games were deleted).
func TestForceKeepsTheGamesWhenTheRenameFails(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.pdn")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	force, app := true, false
	var notice bytes.Buffer
	gf, err := (&gameFileFlags{cmd: "bashni match", name: "-pdn", force: &force, append: &app}).open(path, &notice)
	if err != nil {
		t.Fatal(err)
	}
	tmp := gf.f.Name()
	if want := "bashni match: the games go to " + tmp + ", which replaces " + path + " once they are all written\n"; notice.String() != want {
		t.Errorf("notice %q, want %q", notice.String(), want)
	}
	rec, err := pdn.NewReader(strings.NewReader("1. c3-d4 *\n")).Next()
	if err != nil {
		t.Fatal(err)
	}
	if err := gf.Write(pdn.Writer{}, rec); err != nil {
		t.Fatal(err)
	}
	// Something made path a directory meanwhile.
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(path, "x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := gf.Close(); err == nil || !strings.Contains(err.Error(), "(the games are kept in "+tmp+")") {
		t.Errorf("Close when the rename fails: %v", err)
	}
	if got := readGames(t, tmp); len(got) != 1 {
		t.Errorf("the kept file holds games of %v plies, want the one written", got)
	}
}

// Killed (SIGKILL) during a match with -force, the games written so far
// are in the temporary file named on stderr at the start (issue 26, item
// 4: a hidden file nothing mentioned), and the old file is as it was.
func TestForceNamesItsTemporaryFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "match.pdn")
	const oldText = "[Event \"old\"]\n\n1. c3-d4 *\n"
	if err := os.WriteFile(path, []byte(oldText), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bashniBinary(t), "match", "-games", "100000", "-maxplies", "20", "-pdn", path, "-force", "random", "random")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	line, err := bufio.NewReader(stderr).ReadString('\n')
	if err != nil {
		t.Fatalf("no line on stderr: %v", err)
	}
	go func() { _, _ = io.Copy(io.Discard, stderr) }()
	rest, ok := strings.CutPrefix(line, "bashni match: the games go to ")
	tmp, _, _ := strings.Cut(rest, ", which replaces "+path+" once they are all written")
	if !ok || filepath.Dir(tmp) != dir {
		t.Fatalf("stderr begins %q, want it to name the temporary file beside %s", line, path)
	}
	for end := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if b, _ := os.ReadFile(tmp); bytes.Count(b, []byte("[Event ")) >= 3 {
			break
		}
		if time.Now().After(end) {
			t.Fatal("fewer than 3 games in the temporary file after 20 s")
		}
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if got := readGames(t, tmp); len(got) < 3 {
		t.Errorf("the temporary file holds %d games, want at least 3", len(got))
	}
	if b, _ := os.ReadFile(path); string(b) != oldText {
		t.Errorf("the old file became %q", b)
	}
}

// A match whose -force file cannot be written says that the old file is as
// it was, which it is, not that the games were saved to it.
func TestMatchForceWriteErrorSaysTheFileIsAsItWas(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.pdn")
	if err := os.WriteFile(path, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, status := runProcess(t, "ulimit -f 8 && exec bashni match -games 100 -maxplies 40 -pdn "+path+" -force greedy random", "")
	if b, _ := os.ReadFile(path); status != 1 || string(b) != "old\n" {
		t.Fatalf("status %d, file %q, stderr %q", status, b, errOut)
	}
	if strings.Contains(errOut, "saved to "+path) || !strings.Contains(errOut, "("+path+" is as it was)") {
		t.Errorf("stderr %q: want it to say %s is as it was, not that games were saved to it", errOut, path)
	}
}

// COMMAND.md's range of a match player's depth= is the one parseSpec takes.
