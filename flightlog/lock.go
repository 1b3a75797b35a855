package flightlog

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// One writer a file (CONTRACT.md 13.2): the writer holds an exclusive flock on the database
// file itself, so that every name of the file (a symbolic link, a hard link, a path written
// another way) is the same lock; the kernel releases it when the process ends, however it
// ends. flock and SQLite's own locks (POSIX fcntl) do not interact on Linux and the BSDs. (On
// NFS, where Linux emulates flock with fcntl, SQLite's WAL does not work anyway.)
//
// Who holds it is written in a side file named from the resolved path (<file>.lock, 0600 as
// the log's own files), which the writer holds too (the lock of the versions before, which
// locked only the side file): a second writer is refused at start naming the first, found by
// the side file of the name it was given or, through a hard link, by the side file beside it
// that names the same file. The side file stays (the lock is the database file's).
//
// A writer that finds its file damaged replaces it (replaceFile) so that there is a locked
// file at the path at every moment; a writer that locked a file just replaced finds its lock
// on a file no longer at the path, and locks again.

// writerLock is the writer's hold: the database file's descriptor (flocked) and the side file.
type writerLock struct {
	db, side *os.File
}

// lockWriter takes the writer's lock of the log at path (the resolved path, realPath).
func lockWriter(path string) (*writerLock, error) {
	for range 10 { // a file replaced between the open and the lock: lock the new one
		f, err := lockFile(path, path, func(f *os.File) string { return holderOf(path, f) })
		if err != nil {
			return nil, err
		}
		if !stillAt(f, path) {
			_ = f.Close()
			continue
		}
		side, err := lockSide(path)
		if err != nil {
			_ = f.Close()
			return nil, err
		}
		l := &writerLock{db: f, side: side}
		l.describe()
		return l, nil
	}
	return nil, fmt.Errorf("flight log %s: the writer's lock: the file keeps being replaced", path)
}

// lockFile opens name (made 0600) and takes its lock; held by another process, the error
// names the holder as holder reads it from the open file. path is the log's, for the errors.
func lockFile(path, name string, holder func(*os.File) string) (*os.File, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("flight log %s: the writer's lock: %w", path, err)
	}
	held, err := tryLock(f)
	if err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("flight log %s: the writer's lock: %w", path, err)
	}
	if held {
		who := holder(f)
		_ = f.Close()
		return nil, locked(path, who)
	}
	return f, nil
}

func locked(path, holder string) error {
	if holder == "" {
		holder = "another process"
	}
	return fmt.Errorf("%w: %s is written by %s; one writer a file (readers any number)", ErrLocked, path, holder)
}

// stillAt reports that f is the file at path now.
func stillAt(f *os.File, path string) bool {
	fi, err := f.Stat()
	if err != nil {
		return false
	}
	now, err := os.Stat(path)
	return err == nil && os.SameFile(fi, now)
}

// lockSide takes the side file's lock (held by a writer of a version before, which locked only
// it: refused too).
func lockSide(path string) (*os.File, error) {
	f, err := lockFile(path, path+".lock", firstLine)
	if err != nil {
		return nil, err
	}
	// It says which program on which host writes the log: the owner's alone, as the log's own
	// files are (openWriter), an older one (0644) tightened too.
	if fi, err := f.Stat(); err == nil && fi.Mode().Perm()&0o077 != 0 {
		_ = f.Chmod(0o600)
	}
	return f, nil
}

// describe writes the holder into the side file: the program, its pid, the host, since when,
// and which file (its device and inode) it holds.
func (l *writerLock) describe() {
	host, _ := os.Hostname()
	cmd := filepath.Base(os.Args[0])
	if len(os.Args) > 1 {
		cmd += " " + os.Args[1]
	}
	_ = l.side.Truncate(0)
	_, _ = l.side.WriteAt(fmt.Appendf(nil, "%s (pid %d on %s) since %s\nfile %s\n", cmd, os.Getpid(), host,
		time.Now().UTC().Format(time.RFC3339), idOf(l.db)), 0)
}

// swap makes f (locked) the file held, releasing the one before (replaceFile).
func (l *writerLock) swap(f *os.File) {
	old := l.db
	l.db = f
	l.describe()
	_ = old.Close()
}

func (l *writerLock) close() {
	if l == nil {
		return
	}
	_ = l.db.Close()
	_ = l.side.Close()
}

// holderOf names the writer that holds f (at path): the side file of path when it names f,
// else one beside it that does (f reached through a hard link), the newest.
func holderOf(path string, f *os.File) string {
	id := idOf(f)
	if id == "" {
		return ""
	}
	best, bestAt := "", time.Time{}
	consider := func(p string) {
		s, err := os.Open(p)
		if err != nil {
			return
		}
		defer func() { _ = s.Close() }()
		b, _ := io.ReadAll(io.LimitReader(s, 1024))
		who, rest, _ := strings.Cut(string(b), "\n")
		fi, err := s.Stat()
		if err != nil || strings.TrimSpace(rest) != "file "+id || (best != "" && !fi.ModTime().After(bestAt)) {
			return
		}
		best, bestAt = strings.TrimSpace(who), fi.ModTime()
	}
	consider(path + ".lock")
	if best != "" {
		return best
	}
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		return ""
	}
	for i, e := range entries {
		if i >= 10000 {
			break
		}
		if strings.HasSuffix(e.Name(), ".lock") && e.Type().IsRegular() {
			consider(filepath.Join(filepath.Dir(path), e.Name()))
		}
	}
	return best
}

func firstLine(f *os.File) string {
	b, _ := io.ReadAll(io.LimitReader(f, 512))
	line, _, _ := strings.Cut(string(b), "\n")
	return strings.TrimSpace(line)
}

// realPath is the file path names, every symbolic link followed (of its folder when the file
// is not there yet), so that the writer replaces the file itself, never a link to it.
func realPath(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", fmt.Errorf("flight log %s: %w", path, err)
	}
	if p, err := filepath.EvalSymlinks(abs); err == nil {
		return p, nil
	}
	if _, err := os.Lstat(abs); !errors.Is(err, fs.ErrNotExist) {
		return abs, nil // a link to nowhere: made where it points by SQLite, as before
	}
	if dir, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		return filepath.Join(dir, filepath.Base(abs)), nil
	}
	return abs, nil
}
