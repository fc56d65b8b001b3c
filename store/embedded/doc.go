// Package embedded is the default store: a directory on disk, no server.
package embedded
