//go:build !amd64 || purego

package int8dot

func setAccelerated(bool) (restore func()) { return func() {} }
