// Compiled into the harness's ListKit target: UIKit's IndexPath(item:section:), which
// Foundation on Linux lacks and ListKit's diff uses.
#if !canImport(UIKit) && !canImport(AppKit)
import Foundation

extension IndexPath {
    init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    var item: Int { self[1] }
    var section: Int { self[0] }
}
#endif
