import Foundation
import Testing

/// 8 processes editing one project at once, with readers alongside.
@Suite("Robustness: concurrency", .serialized)
struct RobustnessConcurrencyTests {
    static let writers = 8
    static let editsPerWriter = 20

    static let base = """
        canvas 375 812
        view pa
        view pb
        pa.left == root.left; pa.top == root.top; pb.top == root.top
        pb.left == pa.right
        pa.height == 20; pb.height == 20
        pa.width: pa.width == 10
        pb.width: pb.width == 10
        shared: pa.height <= 500
        """ + "\n"
        + (0..<8).map {
            "view w\($0)\nw\($0).left == root.left; "
                + "w\($0).top == root.top + \($0 * 30)\nw\($0).height == 20\n"
                + "c\($0): w\($0).width == 0"
        }.joined(separator: "\n") + "\n"

    /// Runs `body(worker)` on `writers` threads at once and waits for all.
    static func parallel(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for worker in 0..<count {
            group.enter()
            Thread.detachNewThread {
                body(worker)
                group.leave()
            }
        }
        group.wait()
    }

    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var runs: [(String, Run)] = []
        private(set) var violations: [String] = []
        func add(_ what: String, _ run: Run) { lock.withLock { runs.append((what, run)) } }
        func violation(_ text: String) { lock.withLock { violations.append(text) } }
    }

    /// A new project is written from the schema's image and linked into place: 8 processes
    /// creating the same file at once each find no file or a whole one.
    @Test func eightProcessesCreatingOneNewProjectAllSucceed() throws {
        let box = Sandbox()
        let scripts = (0..<Self.writers).map { k in
            box.write(
                "l\(k).layout", "layout l\(k)\ncanvas 100 100\nview a\na.edges == root.edges\n")
        }
        let log = Log()
        Self.parallel(Self.writers) { k in
            log.add("apply \(k)", box.run(["apply", scripts[k], "-q", "--busy-timeout", "60"]))
        }
        let failures = log.runs.filter { $0.1.status != 0 }
        #expect(failures.isEmpty, "\(failures.map { "\($0.0): \($0.1.stderr)" })")
        #expect(box.sql("SELECT count(*) FROM layouts") == "\(Self.writers)")
        #expect(box.sql("PRAGMA integrity_check") == "ok")
        #expect(box.run(["doctor", "-q"]).status == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: box.directory.path)
            .filter { $0.contains(".new-") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test func eightWritersEveryEditOnceNoLockErrorsReadersSeeWholeEdits() throws {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("base.layout", Self.base), "-q"]).status == 0)
        for k in 0..<Self.writers {
            for j in 0..<Self.editsPerWriter {
                // Both constants of the pair change in one edit: a reader must never see them differ.
                let value = 100 + k * Self.editsPerWriter + j
                box.write("pair-\(k)-\(j).layout", "set pa.width \(value)\nset pb.width \(value)\n")
            }
        }
        let log = Log()
        let done = Atomic(false)
        // Readers: plain sqlite3 and `layoutdb frames`, until the writers finish.
        let readers = Thread.detachNewThreadWithGroup {
            var reads = 0
            while !done.value {
                let r = box.sqlite(
                    """
                    SELECT (SELECT constant FROM constraints WHERE label = 'pa.width')
                         = (SELECT constant FROM constraints WHERE label = 'pb.width'),
                           (SELECT width FROM solved_frames WHERE view = 'pa' AND variant = 'base')
                         = (SELECT width FROM solved_frames WHERE view = 'pb' AND variant = 'base'),
                           (SELECT count(*) FROM dirty)
                    """)
                if r.status != 0 || r.stdout != "1|1|0" {
                    log.violation("sqlite3 saw \(r.stdout) \(r.stderr)")
                }
                let frames = box.run(["frames", "--format", "csv"])
                var widths: [String: String] = [:]
                for line in frames.stdout.split(separator: "\n") {
                    let cells = line.split(separator: ",").map(String.init)
                    if cells.count == 6 { widths[cells[0]] = cells[3] }
                }
                if frames.status != 0 || widths["pa"] == nil || widths["pa"] != widths["pb"] {
                    log.violation(
                        "frames saw pa \(widths["pa"] ?? "-") pb \(widths["pb"] ?? "-") "
                            + frames.stderr)
                }
                reads += 1
            }
            print("concurrency: \(reads) read rounds (sqlite3 + layoutdb frames) during the writes")
        }
        let timeout = ["--busy-timeout", "60"]
        Self.parallel(Self.writers) { k in
            for j in 0..<Self.editsPerWriter {
                // Different labels: adds of k's own constraints and changes of k's constant.
                log.add(
                    "add",
                    box.run(
                        ["add", "w\(k).height >= \(j)", "--label", "k\(k)_\(j)", "-q"] + timeout))
                log.add("set", box.run(["set-constant", "c\(k)", "\(j + 1)", "-q"] + timeout))
                // The same labels: every writer changes the shared pair.
                log.add(
                    "pair",
                    box.run(
                        [
                            "apply",
                            box.directory.appending(
                                path: "pair-\(k)-\(j).layout"
                            ).path, "-q",
                        ] + timeout))
                log.add(
                    "shared",
                    box.run(
                        ["set-constant", "shared", "\(500 + k)", "-q"] + timeout))
            }
        }
        // The same new label from 8 processes at once: exactly one wins.
        let same = Log()
        Self.parallel(Self.writers) { k in
            same.add(
                "same", box.run(["add", "w\(k).width <= 300", "--label", "same", "-q"] + timeout))
        }
        done.value = true
        readers.wait()

        let failures = log.runs.filter { $0.1.status != 0 }
        #expect(failures.isEmpty, "\(failures.prefix(3).map { "\($0.0): \($0.1.stderr)" })")
        #expect(
            !log.runs.contains { $0.1.stderr.contains("locked") || $0.1.stderr.contains("busy") })
        #expect(log.runs.count == 4 * Self.writers * Self.editsPerWriter)
        #expect(log.violations.isEmpty, "\(log.violations.prefix(5))")
        #expect(same.runs.filter { $0.1.status == 0 }.count == 1)
        #expect(
            same.runs.filter { $0.1.status == 65 }.count == Self.writers - 1,
            "\(same.runs.map { "\($0.1.status) \($0.1.stderr)" })")
        #expect(!same.runs.contains { $0.1.stderr.contains("locked") })

        // Every add exactly once; each writer's last constant; the pair from some edit.
        #expect(
            box.sql(
                "SELECT count(*), count(DISTINCT label) FROM constraints "
                    + "WHERE label LIKE 'k%\\_%' ESCAPE '\\'") == "160|160")
        for k in 0..<Self.writers {
            #expect(box.sql("SELECT constant FROM constraints WHERE label = 'c\(k)'") == "20.0")
        }
        let pair = box.sql(
            "SELECT group_concat(constant) FROM constraints "
                + "WHERE label IN ('pa.width', 'pb.width')")
        let values = pair.split(separator: ",")
        #expect(values.count == 2 && values[0] == values[1])
        #expect(box.sql("SELECT count(*) FROM constraints WHERE label = 'same'") == "1")

        // Final frames equal a fresh solve of the final constraints.
        #expect(box.run(["doctor", "-q"]).status == 0)
        let export = box.run(["export"])
        let fresh = box.directory.appending(path: "fresh.layoutdb").path
        #expect(
            box.run(["apply", box.write("export.layout", export.stdout), "-q", "--db", fresh])
                .status == 0)
        let mine = box.run(["frames", "--format", "csv"]).stdout
        #expect(
            !mine.isEmpty && mine == box.run(["frames", "--format", "csv", "--db", fresh]).stdout)
    }
}

/// A flag shared between threads.
final class Atomic<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T
    init(_ value: T) { stored = value }
    var value: T {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

extension Thread {
    /// Runs `body` on a new thread; `wait()` on the result blocks until it returns.
    static func detachNewThreadWithGroup(_ body: @escaping @Sendable () -> Void) -> DispatchGroup {
        let group = DispatchGroup()
        group.enter()
        Thread.detachNewThread {
            body()
            group.leave()
        }
        return group
    }
}

/// Found by the concurrency test, but sequential: a partial re-solve wrote nil components
/// for the loaded views' fixed variables, so the next edit of one of those components
/// loaded its constraints without the view ("unknown view 'pa'").
@Test func partialSolveKeepsTheComponentsOfFixedVariables() {
    let box = Sandbox()
    #expect(
        box.run(["apply", box.write("base.layout", RobustnessConcurrencyTests.base), "-q"])
            .status == 0)
    let components = "SELECT name, comp_left, comp_top, comp_width, comp_height FROM views"
    let before = box.sql(components)
    #expect(box.run(["set-constant", "pa.width", "11", "-q"]).status == 0)
    #expect(box.sql(components) == before)
    let r = box.run(["set-constant", "shared", "400", "-q"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(box.run(["doctor", "-q"]).status == 0)
}
