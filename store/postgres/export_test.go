package postgres

// SetAfterScan makes s's vector searches call fn between scanning the
// index and reading the chunks back, so that a test can land a write in
// that window.
func SetAfterScan(s *Store, fn func()) { s.afterScan = fn }
