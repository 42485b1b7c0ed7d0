import Foundation
import SlateSystem

// The `slate` command: Slate's command line with Slate's own apps.
exit(MainActor.assumeIsolated { Slate.main(apps: [.mail, .notes, .settings]) })
