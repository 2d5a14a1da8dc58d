//go:build !bashni_notowerpatterns

package eval

import "embed"

// towerPatterns holds the tower presets' pattern weights. The JavaScript
// package's WebAssembly build leaves them out (the build tag
// bashni_notowerpatterns, towerpatterns_off.go) to stay within its size.
//
//go:embed weights/towers/*.patterns
var towerPatterns embed.FS

// withTowerPatterns says whether towerPatterns holds the weights files.
const withTowerPatterns = true
