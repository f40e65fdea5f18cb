import LayoutSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A new project written where no other process opens it, then put in place whole.
///
/// A first `apply` writes every page of the project. Through the write-ahead log each
/// page was written twice (the log, then the checkpoint its commit runs), and the log's
/// frames straddle the file system's blocks. In a file of its own (`PATH.layoutdb-new-PID`, which
/// no other process looks for) the project is written through a rollback journal, which
/// copies only the pages that existed before (the schema's): each page once. Switching a
/// file's journal mode where other processes can open it was tried and refused: they see
/// the switch halfway through their own transactions (docs/performance.md, "A process
/// timed from its spawn; the first apply's log"). Here no one can.
extension ProjectStore {
    /// A new project for `path`, open on a file of its own beside it; nil when `path`
    /// exists or no such file can be made (then open `path` as usual, which says why).
    /// Ends with ``publish()`` or ``discard()``.
    package static func openUnpublished(path: String, busyTimeout: Duration) throws
        -> ProjectStore?
    {
        guard !path.isEmpty, path != ":memory:", access(path, F_OK) != 0 else { return nil }
        try requireFolder(for: path)
        let abandoned = abandonedFiles(for: path).filter { unlink($0) == 0 }
        let file = DatabaseMigrator.temporaryName(for: path)
        // Armed before the file is made: a signal between the two left it.
        InterruptCleanup.arm(removing: file)
        // Written in rollback-journal mode (its header says so): opened in WAL mode, its
        // first connection would make a log and a shared-memory file only to remove them.
        guard DatabaseMigrator.writeBaseline(toNewFile: file, rollbackJournal: true) else {
            InterruptCleanup.disarm()
            return nil
        }
        do {
            // Errors name the project's path: the file is that project, not yet in place.
            let db = try Database(
                path: file, options: .init(busyTimeout: busyTimeout, name: path))
            try DatabaseMigrator().migrate(db, allowEmpty: false, keepingJournalMode: true)
            // Flushed once, by `publish()`: until it is linked in place, nothing in the
            // file is anyone's.
            try db.execute("PRAGMA synchronous = OFF")
            // Pages read back by pread(2), not through the mapping: here the file grows
            // under the transaction (through the log it did not), and each mapped page read
            // stays in the resident set: 1.36 → 1.45 GiB at a million views.
            try db.execute("PRAGMA mmap_size = 0")
            let store = ProjectStore(database: db)
            store.unpublished = (file, path)
            store.removedLeftovers = abandoned
            return store
        } catch {
            removeFiles(of: file)
            InterruptCleanup.disarm()
            throw error
        }
    }

    /// Puts the project in place at its path, in WAL mode as every project is, and closes
    /// it. False (and the project dropped) when a file appeared at the path meanwhile,
    /// such as another process's new project: then apply to that one as usual.
    package func publish() throws -> Bool {
        guard let (file, path) = unpublished else { return true }
        unpublished = nil
        defer {
            Self.removeFiles(of: file)
            InterruptCleanup.disarm()
        }
        try database.execute("PRAGMA journal_mode = WAL")
        database.close()
        guard DatabaseMigrator.flush(file), link(file, path) == 0 else { return false }
        // An empty log beside the project, as every edit leaves one: a connection that
        // finds none and writes nothing removes the files it made when it closes (a copy
        // read once, as git's textconv reads one), and every read would make them again.
        makeEmptyFile(path + "-wal")
        return true
    }

    /// Starts writing the changed pages of a new file's transaction (a first apply's rows)
    /// to the file, and on to the disk, on a thread of its own
    /// (``Database/flushPageCache()``, ``Database/startWriteback()``); nil for a project at
    /// its path. Where a thread is worth it is the caller's to know
    /// (``Project/writesWhileSolving``: more than one processor). The caller may hand the
    /// thread more writes; it uses nothing of the database itself until the worker's
    /// ``SerialWorker/drain()``, and closes it.
    func startFlushingPages() -> SerialWorker? {
        guard unpublished != nil else { return nil }
        let worker = SerialWorker()
        do {
            try worker.submit { [database] in
                // Ahead of time only: pages it leaves (SQLITE_BUSY, where a lock was not to
                // be had) the commit writes, and an error of the file's the next write meets
                // again and reports.
                guard (try? database.flushPageCache()) != nil else { return }
                // What the apply wrote goes on to the disk now: the fsync before the file
                // is linked in place has less to wait for.
                database.startWriteback()
            }
        } catch {
            worker.close()
            return nil
        }
        return worker
    }

    /// Drops a project not published: its file and its journal.
    package func discard() {
        guard let (file, _) = unpublished else { return }
        unpublished = nil
        database.close()
        Self.removeFiles(of: file)
        InterruptCleanup.disarm()
    }

    /// A project file and the companions SQLite makes beside it, as suffixes of its path.
    static let companionSuffixes = ["", "-journal", "-wal", "-shm"]

    /// Removes a file this process made and the companions SQLite may have made beside it.
    static func removeFiles(of file: String) {
        for suffix in companionSuffixes { unlink(file + suffix) }
    }

    /// What killed processes left while they made a new file for `path`: `PATH.layoutdb-new-PID`
    /// and its companions, where no process PID is running.
    package static func abandonedFiles(for path: String) -> [String] {
        let folder = Self.folder(of: path)
        let prefix = String(path.dropFirst(folder.count)) + ".layoutdb-new-"
        guard let directory = opendir(folder.isEmpty ? "." : folder) else { return [] }
        defer { closedir(directory) }
        var files: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix(prefix) else { continue }
            let digits = name.dropFirst(prefix.count).prefix { $0.isASCII && $0.isNumber }
            guard let pid = pid_t(digits), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            files.append(folder + name)
        }
        return files.sorted()
    }
}

/// Removes a new project's file (``ProjectStore/openUnpublished(path:busyTimeout:)``) and
/// its companions (the journal; the log and the shared memory its switch to WAL makes)
/// when the process is interrupted or told to stop (SIGINT, SIGTERM, SIGHUP, SIGQUIT)
/// before it is put in place, then ends the process as the signal would have: Ctrl-C during a first apply
/// left `PATH.layoutdb-new-PID` and its journal beside the path until the next apply or
/// `doctor --fix`. (SIGKILL cannot be caught: those are still what they remove.) A signal
/// the process was started ignoring (`nohup`) stays ignored.
private enum InterruptCleanup {
    /// The file and its companions, as C strings made before a handler may read them: a
    /// handler may only call what is safe in one (unlink(2), signal(2), raise(3)).
    nonisolated(unsafe) static var files: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    static let companions = ProjectStore.companionSuffixes
    /// The signals handled, each with what it did before.
    nonisolated(unsafe) static var previous: [(Int32, sighandler_t?)] = []

    static func arm(removing path: String) {
        disarm()
        let names = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(
            capacity: companions.count + 1)
        for (i, suffix) in companions.enumerated() { names[i] = strdup(path + suffix) }
        names[companions.count] = nil
        files = names
        for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            let before = signal(number, removeAndEnd)
            if isIgnore(before) {
                signal(number, before)
            } else {
                previous.append((number, before))
            }
        }
    }

    static func disarm() {
        for (number, before) in previous { signal(number, before) }
        previous = []
        guard let names = files else { return }
        files = nil
        for i in companions.indices { free(names[i]) }
        names.deallocate()
    }

    private static func isIgnore(_ handler: sighandler_t?) -> Bool {
        guard let handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}

/// The handler ``InterruptCleanup`` installs (a C function: it captures nothing).
private func removeAndEnd(_ number: Int32) {
    if let names = InterruptCleanup.files {
        var i = 0
        while let name = names[i] {
            unlink(name)
            i += 1
        }
    }
    signal(number, SIG_DFL)
    raise(number)
}
