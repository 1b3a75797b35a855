//go:build race

package api_test

// raceDetector: the tests run under the race detector, where each rule test costs about ten
// times as much.
const raceDetector = true
