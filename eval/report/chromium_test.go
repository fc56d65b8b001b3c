package report

import (
	"context"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

const chromiumPath = "/usr/bin/chromium"

// TestChromiumRendersReport opens report.html in headless Chromium
// (Debian's chromium package) and checks the screenshot shows the charts:
// the answerable-question bars are drawn in their exact colour. Skipped
// when Chromium is not installed and with -short.
func TestChromiumRendersReport(t *testing.T) {
	if _, err := os.Stat(chromiumPath); err != nil {
		t.Skip("chromium not installed (apt-get install -y chromium)")
	}
	if testing.Short() {
		t.Skip("starts a browser; skipped with -short")
	}
	dir := t.TempDir()
	require.NoError(t, Write(dir, sampleReport(t)))
	shot := filepath.Join(dir, "report.png")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, chromiumPath,
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--no-first-run", "--user-data-dir="+t.TempDir(),
		"--hide-scrollbars", "--window-size=1280,3200", "--screenshot="+shot,
		"file://"+filepath.Join(dir, HTMLFile))
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "chromium: %s", out)

	f, err := os.Open(shot)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	b := img.Bounds()
	require.Equal(t, 1280, b.Dx())
	require.Positive(t, b.Dy())
	require.True(t, hasColor(img, color.RGBA{0x1f, 0x77, 0xb4, 0xff}), "no answerable bar (#1f77b4) in the screenshot")
	require.True(t, hasColor(img, color.RGBA{0xff, 0x7f, 0x0e, 0xff}), "no unanswerable bar or curve (#ff7f0e) in the screenshot")
	require.True(t, hasColor(img, color.RGBA{0x6a, 0x51, 0xa3, 0xff}), "no latency bar (#6a51a3) in the screenshot")
}

// hasColor reports whether some pixel of img has exactly colour c.
func hasColor(img image.Image, c color.RGBA) bool {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			if uint8(r>>8) == c.R && uint8(g>>8) == c.G && uint8(bl>>8) == c.B && uint8(a>>8) == c.A {
				return true
			}
		}
	}
	return false
}
