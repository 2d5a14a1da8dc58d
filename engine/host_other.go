//go:build !(js && wasm)

package engine

// yieldToHost does nothing where goroutines are preempted; see
// host_wasm.go.
func yieldToHost() {}
