import Foundation
import Testing

/// SIGKILL at random points of an `apply` (into an empty project, and where there is no
/// file yet), a `set-constant` and a `solve`: the file must open, pass `PRAGMA
/// integrity_check`, hold all of the edit or none of it, and never show a frame as fresh
/// that is not the solution of the stored constraints (`doctor`).
@Suite("Robustness: crash safety", .serialized)
struct RobustnessCrashTests {
    static let views = 3000

    /// Runs of one edit, each killed after a random delay inside the edit's running time.
    ///
    /// The window starts at one uninterrupted run and shrinks to the fastest run that
    /// finished before its kill: `swift test` runs other suites in parallel, so one timing
    /// says little about the next. Rounds go on until `kills` runs were killed mid-edit
    /// (at most twice that many rounds).
    struct Killer {
        var window: Double
        var kills = 0
        var rounds = 0

        /// Kills `args` after a random delay in 0...`window` seconds; true if it was killed.
        mutating func run(_ box: Sandbox, _ args: [String], rng: inout SeededGenerator) -> Bool {
            rounds += 1
            let start = Date()
            let p = box.start(args)
            usleep(UInt32(Double.random(in: 0...window, using: &rng) * 1_000_000))
            let running = p.isRunning
            if running { kill(p.processIdentifier, SIGKILL) }
            p.waitUntilExit()
            let killed = running && p.terminationReason == .uncaughtSignal
            if killed {
                kills += 1
            } else {
                window = min(window, Date().timeIntervalSince(start) * 0.9)
            }
            return killed
        }

        func wantsMore(_ target: Int) -> Bool { kills < target && rounds < 2 * target }
    }

    /// What every state after a kill must satisfy, whatever the edit was.
    static func expectConsistent(_ box: Sandbox, _ context: String) {
        let integrity = box.sqlite("PRAGMA integrity_check")
        #expect(integrity.stdout == "ok", "\(context): \(integrity.stdout) \(integrity.stderr)")
        let doctor = box.run(["doctor", "-q"])
        #expect(doctor.status == 0, "\(context): doctor: \(doctor.stdout) \(doctor.stderr)")
        // Dirty marks are honoured: the next solve clears them; without marks, it changes
        // nothing (the stored frames were the solution).
        let dirty = box.sqlite("SELECT count(*) FROM dirty").stdout
        let before = box.sqlite("SELECT view_id, x, y, width, height FROM frames ORDER BY 1").stdout
        let solve = box.run(["solve", "-q"])
        #expect(solve.status == 0, "\(context): \(solve.stderr)")
        #expect(box.sqlite("SELECT count(*) FROM dirty").stdout == "0", "\(context)")
        if dirty == "0" {
            let after = box.sqlite("SELECT view_id, x, y, width, height FROM frames ORDER BY 1")
            #expect(after.stdout == before, "\(context): solve changed unmarked frames")
        }
    }

    @Test func killedApplySetConstantAndSolveLeaveAllOrNothing() throws {
        let seed = testSeed("crash safety")
        var rng = SeededGenerator(seed: seed)
        let box = Sandbox()
        let script = box.write("chain.layout", chainScript(views: Self.views))
        let empty = box.directory.appending(path: "empty.layoutdb").path
        let solved = box.directory.appending(path: "solved.layoutdb").path
        let dirty = box.directory.appending(path: "dirty.layoutdb").path
        #expect(box.run(["init", "-q", "--db", empty]).status == 0)
        box.copyProject(from: empty, to: solved)
        #expect(box.run(["apply", script, "-q", "--db", solved]).status == 0)
        box.copyProject(from: solved, to: dirty)
        #expect(
            box.run(["set-constant", "w", "11", "--no-solve", "-q", "--db", dirty]).status == 0)

        func timed(_ args: [String], from: String) -> Double {
            box.copyProject(from: from, to: box.db)
            let start = Date()
            #expect(box.run(args).status == 0)
            return Date().timeIntervalSince(start)
        }
        let applyTime = timed(["apply", script, "-q"], from: empty)
        let setTime = timed(["set-constant", "w", "12", "-q"], from: solved)
        let solveTime = timed(["solve", "-q"], from: dirty)
        print(
            "crash safety: uninterrupted apply \(applyTime)s, set-constant \(setTime)s, "
                + "solve \(solveTime)s (\(Self.views) views)")

        var outcomes: [String: Int] = [:]
        var applies = Killer(window: applyTime)
        while applies.wantsMore(20) {
            let round = applies.rounds
            box.copyProject(from: empty, to: box.db)
            let killed = applies.run(box, ["apply", script, "-q"], rng: &rng)
            let count = box.sqlite("SELECT count(*) FROM views WHERE parent_id IS NOT NULL").stdout
            #expect(
                count == "0" || count == "\(Self.views)", "apply round \(round): \(count) views")
            let constraints = box.sqlite("SELECT count(*) FROM constraints").stdout
            #expect(constraints == (count == "0" ? "0" : "\(4 * Self.views)"), "round \(round)")
            outcomes[
                "apply \(killed ? "killed" : "finished"), \(count == "0" ? "none" : "all")",
                default: 0] += 1
            Self.expectConsistent(box, "apply round \(round)")
        }
        // A first apply with no file at the path fills a new file of its own beside it and
        // links it in place at the end: a kill leaves no project, or the whole one, and the
        // next first apply removes what the killed one left beside the path.
        func removeProject() {
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: box.db + suffix)
            }
        }
        func leftovers() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: box.directory.path)) ?? [])
                .filter { $0.hasPrefix("app.layoutdb.layoutdb-new-") }
        }
        removeProject()
        let start = Date()
        #expect(box.run(["apply", script, "-q"]).status == 0)
        let firstTime = Date().timeIntervalSince(start)
        var firsts = Killer(window: firstTime)
        while firsts.wantsMore(10) {
            let round = firsts.rounds
            removeProject()
            let killed = firsts.run(box, ["apply", script, "-q"], rng: &rng)
            let exists = FileManager.default.fileExists(atPath: box.db)
            #expect(exists || killed, "first apply round \(round): finished without a project")
            if exists {
                let count = box.sqlite("SELECT count(*) FROM views WHERE parent_id IS NOT NULL")
                #expect(count.stdout == "\(Self.views)", "first apply round \(round)")
                Self.expectConsistent(box, "first apply round \(round)")
            }
            outcomes[
                "first apply \(killed ? "killed" : "finished"), \(exists ? "all" : "no file")",
                default: 0] += 1
        }
        removeProject()
        #expect(box.run(["apply", script, "-q"]).status == 0)
        #expect(leftovers().isEmpty, "\(leftovers())")
        var sets = Killer(window: setTime)
        while sets.wantsMore(20) {
            let round = sets.rounds
            box.copyProject(from: solved, to: box.db)
            let killed = sets.run(box, ["set-constant", "w", "12", "-q"], rng: &rng)
            let constant = box.sqlite("SELECT constant FROM constraints WHERE label = 'w'").stdout
            #expect(constant == "10.0" || constant == "12.0", "set-constant round \(round)")
            let last = box.sqlite(
                "SELECT width FROM solved_frames WHERE view = 'v\(Self.views - 1)'"
            ).stdout
            #expect(last == constant, "set-constant round \(round): frames follow the constant")
            outcomes["set-constant \(killed ? "killed" : "finished"), \(constant)", default: 0] += 1
            Self.expectConsistent(box, "set-constant round \(round)")
        }
        var solves = Killer(window: solveTime)
        while solves.wantsMore(15) {
            let round = solves.rounds
            box.copyProject(from: dirty, to: box.db)
            let killed = solves.run(box, ["solve", "-q"], rng: &rng)
            let marks = box.sqlite("SELECT count(*) FROM dirty").stdout
            let width = box.sqlite(
                "SELECT width FROM frames f JOIN views v ON v.id = f.view_id "
                    + "WHERE v.name = 'v\(Self.views - 1)'"
            ).stdout
            // Solved (no marks, frames of w = 11) or not (marks, the old frames of w = 10).
            #expect(
                (marks == "0" && width == "11.0") || (marks != "0" && width == "10.0"),
                "solve round \(round): \(marks) marks, width \(width)")
            outcomes[
                "solve \(killed ? "killed" : "finished"), \(marks == "0" ? "solved" : "dirty")",
                default: 0] += 1
            Self.expectConsistent(box, "solve round \(round)")
        }
        print(
            "crash safety outcomes: "
                + outcomes.sorted { $0.key < $1.key }
                .map { "\($0.key): \($0.value)" }.joined(separator: "; "))
        // 65 kills mid-edit (runs that finish before their random delay are checked too).
        #expect(applies.kills == 20 && firsts.kills == 10 && sets.kills == 20 && solves.kills == 15)
    }

    @Test(
        "a first apply interrupted (SIGINT, SIGTERM) removes its new file and exits by the signal")
    func interruptedFirstApplyLeavesNothing() throws {
        let box = Sandbox()
        let script = box.write("big.layout", chainScript(views: 20_000))
        var interrupted = 0
        for (round, number) in [SIGINT, SIGTERM, SIGINT, SIGTERM].enumerated() {
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: box.db + suffix)
            }
            // Spawned with the two signals unblocked, as from a terminal's shell: the test
            // runner's threads block them, and a child inherits its spawner's mask.
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            sigaddset(&unblocked, SIGINT)
            sigaddset(&unblocked, SIGTERM)
            var mask = sigset_t()
            pthread_sigmask(SIG_UNBLOCK, &unblocked, &mask)
            let p = box.start(["apply", script, "-q"])
            pthread_sigmask(SIG_SETMASK, &mask, nil)
            // Inside the apply: its new file is made at once, the rows take seconds.
            usleep(300_000 + UInt32(round) * 100_000)
            guard p.isRunning else { continue }
            kill(p.processIdentifier, number)
            p.waitUntilExit()
            guard p.terminationReason == .uncaughtSignal else { continue }
            interrupted += 1
            #expect(p.terminationStatus == number, "round \(round)")
            // They stayed beside the path until the next apply or `doctor --fix`.
            let names = try FileManager.default.contentsOfDirectory(atPath: box.directory.path)
            #expect(!names.contains { $0.hasPrefix("app.layoutdb") }, "round \(round): \(names)")
        }
        #expect(interrupted > 0, "no apply was interrupted: each finished within its delay")
    }
}
