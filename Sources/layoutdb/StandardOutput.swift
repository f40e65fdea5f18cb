// `@preconcurrency`: Swift 6 refuses to name C's `stdout`, a global variable, without it;
// only this process's main thread writes to it.
#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// Standard output flushed, and a write to it that failed reported: `frames > copy.csv`
/// on a full disk, or with standard output closed, had exited 0 with part of the table or
/// none. A reader that stopped reading (`| head`) ends the process by SIGPIPE first.
/// `afterWork`: the command has done its work (the end of every command), which the
/// message says, so that a script does not take a saved edit for a failed one.
func flushStandardOutput(afterWork: Bool = false) throws {
    let flushed = fflush(stdout) == 0
    let code = errno
    guard !flushed || ferror(stdout) != 0 else { return }
    var error = OutputFileError(path: "standard output", code: flushed ? nil : code)
    error.afterWork = afterWork
    throw error
}
