import Foundation
import LayoutStore
import Testing

@testable import layoutdb

/// A display on a fake clock that records what a terminal would receive.
private final class Recorder {
    var time = 0.0
    var written: [String] = []
    var text: String { written.joined() }

    func display(enabled: Bool = true, width: Int = 80) -> ProgressDisplay {
        ProgressDisplay(
            enabled: enabled, delay: 0.5, interval: 0.1, width: width, now: { self.time },
            write: { self.written.append($0) })
    }
}

private func store(_ done: Int, of total: Int = 100_000) -> WorkProgress {
    WorkProgress(stage: .store, done: done, total: total, unit: "statements")
}

@Suite("Progress on a terminal: the renderer, and nothing where there is no terminal")
struct ProgressTests {
    @Test("a line: stage, a bar filled in proportion, counts with thousands separators, unit")
    func line() {
        #expect(
            ProgressDisplay.line(store(50_000))
                == "store [############------------] 50,000/100,000 statements")
        #expect(
            ProgressDisplay.line(
                WorkProgress(
                    stage: .solve, subject: "main/compact", done: 0, total: 7, unit: "views"))
                == "solve [------------------------] 0/7 views (main/compact)")
        #expect(ProgressDisplay.line(store(100_000)).contains("[########################]"))
        #expect(
            ProgressDisplay.line(store(0, of: 0)).contains("[------------------------] 0/0"),
            "an empty stage draws an empty bar, no division by zero")
    }

    @Test("drawn in place after the delay, at most every interval, erased once when done")
    func drawsThenErases() {
        let r = Recorder()
        let display = r.display()
        display.update(store(1_000))
        r.time = 0.4
        display.update(store(2_000))
        #expect(r.written.isEmpty, "work that ends within the delay shows nothing")
        r.time = 0.6
        display.update(store(3_000))
        #expect(
            r.written == ["\rstore [------------------------] 3,000/100,000 statements\u{1B}[K"])
        r.time = 0.65
        display.update(store(4_000))
        #expect(r.written.count == 1, "not redrawn within the interval")
        display.update(WorkProgress(stage: .solve, done: 0, total: 10, unit: "views"))
        #expect(r.written.count == 2, "a new stage is drawn at once")
        r.time = 0.7
        display.update(WorkProgress(stage: .solve, done: 10, total: 10, unit: "views"))
        #expect(r.written.count == 3, "a finished stage is drawn at once")
        display.finish()
        display.finish()
        #expect(r.written.last == "\r\u{1B}[K")
        #expect(r.written.filter { $0 == "\r\u{1B}[K" }.count == 1, "erased once")
        #expect(!r.text.contains("\n"), "one line, redrawn: no new lines")
    }

    @Test("a line never wraps: it is cut to the terminal's width")
    func fitsTheTerminal() {
        let r = Recorder()
        let display = r.display(width: 30)
        r.time = 1
        display.update(
            WorkProgress(
                stage: .write, subject: "a-very-long-layout-name/variant", done: 1, total: 2,
                unit: "frames"))
        let drawn = r.written[0].dropFirst().replacingOccurrences(of: "\u{1B}[K", with: "")
        #expect(drawn.count == 29)
    }

    @Test("disabled (not a terminal, or -q): nothing at all, whatever the work")
    func disabledShowsNothing() {
        let r = Recorder()
        let display = r.display(enabled: false)
        r.time = 10
        for n in stride(from: 0, through: 100_000, by: 4096) { display.update(store(n)) }
        display.finish()
        #expect(r.written.isEmpty)
    }

    @Test(
        "apply on a terminal shows store, solve and write, then erases; -q and a file get nothing"
    )
    func applyEndToEnd() throws {
        let box = Sandbox()
        // Enough work that reading and storing outlast the display's delay in a debug
        // build: a bar is drawn only for a stage that lasts longer than the delay.
        var script = "canvas 375 812\n"
        for i in 0..<12_000 {
            script += "view v\(i)\nv\(i).left == |.left + \(i % 300); v\(i).top == |.top\n"
            script += "v\(i).width == 10; v\(i).height == 10\n"
        }
        let file = box.write("many.layout", script)

        let shown = try runWithTerminalStderr(["apply", file, "--db", box.db])
        #expect(shown.status == 0)
        for stage in ["store [", "solve [", "write ["] {
            #expect(shown.terminal.contains(stage), "\(stage) on the terminal")
        }
        #expect(shown.terminal.contains("/36,001 lines"), "the script is stored line by line")
        #expect(shown.terminal.contains("12,000/12,000 views (main/base)"))
        #expect(shown.terminal.hasSuffix("\r\u{1B}[K"), "the line is erased at the end")

        let quiet = try runWithTerminalStderr([
            "apply", file, "-q", "--db", box.directory.appending(path: "q.layoutdb").path,
        ])
        #expect(quiet.status == 0)
        #expect(quiet.terminal.isEmpty, "-q: nothing on the terminal")

        let piped = box.run([
            "apply", file, "--db", box.directory.appending(path: "piped.layoutdb").path,
        ])
        #expect(piped.status == 0)
        #expect(piped.stderr.isEmpty, "standard error is a file: nothing")
    }
}

/// Runs layoutdb with standard error on a pseudo-terminal (standard output to
/// /dev/null) and returns everything the terminal received.
private func runWithTerminalStderr(_ args: [String]) throws -> (status: Int32, terminal: String) {
    // posix_openpt and friends are not visible from Swift's Glibc module; these are the
    // Linux ioctls they wrap: unlock the new terminal, then ask for its number.
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    try #require(master >= 0)
    let setLock: UInt = 0x4004_5431  // TIOCSPTLCK
    let getNumber: UInt = 0x8004_5430  // TIOCGPTN
    var unlock: Int32 = 0
    var number: UInt32 = 0
    try #require(ioctl(master, setLock, &unlock) == 0 && ioctl(master, getNumber, &number) == 0)
    let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    try #require(slave >= 0)
    let p = Process()
    p.executableURL = productsDirectory.appending(path: "layoutdb")
    p.arguments = args
    p.standardError = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
    p.standardOutput = FileHandle.nullDevice
    p.standardInput = FileHandle.nullDevice
    // The terminal's buffer is small: read it while the command runs.
    let received = Received()
    let reader = Thread {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(master, &buffer, buffer.count)
            if n <= 0 { break }  // EIO once the last writer has closed the terminal
            received.append(buffer[0..<n])
        }
        received.done.signal()
    }
    try p.run()
    close(slave)
    reader.start()
    p.waitUntilExit()
    received.done.wait()
    close(master)
    return (p.terminationStatus, String(decoding: received.data, as: UTF8.self))
}

private final class Received: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    let done = DispatchSemaphore(value: 0)
    var data: [UInt8] { lock.withLock { bytes } }
    func append(_ chunk: ArraySlice<UInt8>) { lock.withLock { bytes.append(contentsOf: chunk) } }
}
