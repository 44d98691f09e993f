// The second start-up floor of `chime-bench cli`: a Swift program that imports Foundation and
// prints one line (with a date, so Foundation is used, not only imported), built as `chime` is.
// `chime --version` is measured against it: what Chime adds on top of Foundation.
import Foundation

print("chime-bench-foundation-floor \(Date())")
