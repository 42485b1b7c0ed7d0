import Glibc

/// What the process gives back to the system when its screen comes to rest.
///
/// glibc keeps the memory of freed blocks for the next allocations, and the larger the blocks freed
/// (a window's 22 MB picture at 2×, a menu's preview), the more it keeps: after a freed block mapped
/// on its own, its threshold for mapping blocks on their own rises to that block's size, so later
/// pictures come from the heap and stay there when freed. An idle `slate run` held 41 MB of such
/// free heap. Keeping them is what makes the next picture cheap (no page faults), so they are kept
/// while the screen moves and given back — `malloc_trim`, which returns the free pages inside the heap
/// too — once it comes to rest.
public enum ProcessMemory {
    /// Gives the free memory of the process's heaps back to the system.
    public static func releaseFreed() { _ = trim?(0) }

    /// glibc's `malloc_trim`, found at run time (Swift's Glibc module leaves `malloc.h` out); nil on
    /// a C library without it.
    private static let trim: (@convention(c) (Int) -> Int32)? = {
        guard let f = dlsym(nil, "malloc_trim") else { return nil }
        return unsafeBitCast(f, to: (@convention(c) (Int) -> Int32).self)
    }()
}
