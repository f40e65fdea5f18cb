#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file names of ``SourceLocation``s, each kept once for the life of the process (a
/// process reads a few files): a location holds its file's number.
///
/// A location goes with every statement and constraint, copied on each of a first apply's
/// threads. A path's `String` is one heap object for all of them, and each copy counted it
/// up and down, atomically, on the one cache line every thread wrote: a 10k-view apply of
/// a file named in 16 bytes took 6 % longer than of one named in 15 (a small string, with
/// no object). A number is copied as it is.
package enum SourceFiles {
    private final class Table: @unchecked Sendable {
        // Unchecked: `names` and `ids` are touched only with `mutex` locked.
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        var names: [String] = []
        var ids: [String: Int32] = [:]
        init() { pthread_mutex_init(mutex, nil) }

        func locked<T>(_ body: () -> T) -> T {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return body()
        }
    }

    private static let table = Table()

    /// The number of the file `name`, given it the first time.
    package static func id(of name: String) -> Int32 {
        table.locked {
            if let id = table.ids[name] { return id }
            let id = Int32(table.names.count)
            table.names.append(name)
            table.ids[name] = id
            return id
        }
    }

    /// The name of file number `id` (from ``id(of:)``).
    package static func name(of id: Int32) -> String {
        table.locked { table.names[Int(id)] }
    }
}
