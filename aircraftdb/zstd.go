package aircraftdb

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"runtime"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// The shipped database is zstd-compressed in zstdParts frames, each the zstd of a part of the
// file, led by a skippable frame that lists their sizes: a standard zstd tool unpacks it as
// one file (skippable frames are skipped), and a program unpacks the parts on every core at
// once, each straight into its place in one buffer. Unpacking is most of a start-up's load
// time; on two cores this halves it.

const (
	zstdParts     = 4
	skippableLow  = 0x184D2A50 // the first skippable frame magic (zstd's format: 0x184D2A5?)
	partsTag      = "TRKZ"
	partsHeader   = 8 + len(partsTag) + 4 // skippable magic and size, tag, count
	partsEntry    = 8                     // compressed and unpacked size of one part
	zstdMaxParts  = 64
	zstdPartLimit = MaxFile
)

// packZstd compresses b in zstdParts frames with their index (deterministic).
func packZstd(b []byte) ([]byte, error) {
	e, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithEncoderConcurrency(1),
		zstd.WithWindowSize(8<<20))
	if err != nil {
		return nil, err
	}
	var frames [][]byte
	for i := range zstdParts {
		frames = append(frames, e.EncodeAll(b[i*len(b)/zstdParts:(i+1)*len(b)/zstdParts], nil))
	}
	payload := len(partsTag) + 4 + partsEntry*len(frames)
	out := binary.LittleEndian.AppendUint32(nil, skippableLow)
	out = binary.LittleEndian.AppendUint32(out, uint32(payload)) //nolint:gosec // a few hundred bytes
	out = append(out, partsTag...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(frames))) //nolint:gosec // zstdParts
	for i, f := range frames {
		out = binary.LittleEndian.AppendUint32(out, uint32(len(f)))                                    //nolint:gosec // under MaxFile
		out = binary.LittleEndian.AppendUint32(out, uint32((i+1)*len(b)/zstdParts-i*len(b)/zstdParts)) //nolint:gosec // under MaxFile
	}
	for _, f := range frames {
		out = append(out, f...)
	}
	return out, nil
}

// frame is one frame of a packed file and where its bytes go.
type frame struct {
	frame     []byte
	off, size int
}

// zstdParts reads the index of a packed file (ok false: not one of ours, a plain zstd file).
func readParts(b []byte) ([]frame, int, bool, error) {
	if len(b) < partsHeader || binary.LittleEndian.Uint32(b) != skippableLow || !bytes.Equal(b[8:8+len(partsTag)], []byte(partsTag)) {
		return nil, 0, false, nil
	}
	n := int(binary.LittleEndian.Uint32(b[8+len(partsTag):]))
	if n < 1 || n > zstdMaxParts || len(b) < partsHeader+n*partsEntry {
		return nil, 0, true, formatErr("zstd: a bad parts index")
	}
	if int(binary.LittleEndian.Uint32(b[4:])) != len(partsTag)+4+n*partsEntry {
		return nil, 0, true, formatErr("zstd: a bad parts index")
	}
	parts := make([]frame, n)
	at, total := partsHeader+n*partsEntry, 0
	for i := range parts {
		e := b[partsHeader+i*partsEntry:]
		c, u := int(binary.LittleEndian.Uint32(e)), int(binary.LittleEndian.Uint32(e[4:]))
		if c > len(b)-at || u > zstdPartLimit || total+u > MaxFile {
			return nil, 0, true, formatErr("zstd: a part runs past the file (truncated?) or over %d bytes", MaxFile)
		}
		parts[i] = frame{frame: b[at : at+c], off: total, size: u}
		at, total = at+c, total+u
	}
	if at != len(b) {
		return nil, 0, true, formatErr("zstd: %d bytes after the last part", len(b)-at)
	}
	return parts, total, true, nil
}

// unpackParts decodes every part at once into its place in one buffer.
func unpackParts(parts []frame, total int, mem alloc) ([]byte, error) {
	dst := mem(total)[:total]
	d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(min(len(parts), runtime.GOMAXPROCS(0))), zstd.WithDecoderMaxMemory(MaxFile))
	if err != nil {
		return nil, formatErr("zstd: %v", err)
	}
	defer d.Close()
	errs := make([]error, len(parts))
	var wg sync.WaitGroup
	for i, p := range parts {
		wg.Go(func() {
			into := dst[p.off : p.off : p.off+p.size]
			got, err := d.DecodeAll(p.frame, into)
			switch {
			case err != nil:
				errs[i] = fmt.Errorf("part %d: %w (truncated?)", i, err)
			case len(got) != p.size || (p.size > 0 && &got[0] != &dst[p.off]):
				errs[i] = fmt.Errorf("part %d unpacks to %d bytes, not %d", i, len(got), p.size)
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, formatErr("zstd: %v", err)
		}
	}
	return dst, nil
}
