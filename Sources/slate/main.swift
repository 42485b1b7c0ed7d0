import Foundation
import SlateBench
import SlateSystem

// The `slate` command: Slate's command line with Slate's own apps, and its benchmarks.
exit(MainActor.assumeIsolated { Slate.main(apps: [.mail, .notes, .settings], bench: Bench.run) })
