//go:build amd64 && !purego

package int8dot

func setAccelerated(on bool) (restore func()) {
	old := useAVX2
	useAVX2 = on
	return func() { useAVX2 = old }
}
