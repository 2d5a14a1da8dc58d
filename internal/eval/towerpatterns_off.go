//go:build bashni_notowerpatterns

package eval

import "embed"

// towerPatterns is empty under the build tag bashni_notowerpatterns: the
// tower presets play without pattern weights, and the program is smaller
// by their size and by what they cost its compression (the JavaScript
// package's WebAssembly module, js/scripts/build.mjs).
var towerPatterns embed.FS

// withTowerPatterns says whether towerPatterns holds the weights files.
const withTowerPatterns = false
