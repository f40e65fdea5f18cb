import LayoutStore
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Shows the library's ``WorkProgress`` on a terminal: one line on standard error,
/// redrawn in place (carriage return, erase to the end of the line) and erased when the
/// work is done, so that nothing of it stays in the scrollback or mixes with the output.
///
/// Shows nothing when disabled (standard error is not a terminal, or -q), and nothing
/// for work that ends within `delay`: only work that takes a while gets a bar. Redraws
/// at most every `interval` within a stage, so a fast stream of reports costs little.
///
///     let display = ProgressDisplay.standardError(quiet: global.quiet)
///     project.progress = display.update
///     defer { display.finish() }
final class ProgressDisplay {
    static let barWidth = 24

    private let enabled: Bool
    private let delay: Double
    private let interval: Double
    private let width: Int
    private let now: () -> Double
    private let write: (String) -> Void
    private let start: Double
    private var lastDraw: (time: Double, stage: WorkProgress.Stage)?
    /// Whether a line is on the screen (drawn and not erased yet).
    private(set) var isShowing = false

    /// A display that calls `write` with what a terminal should receive; `now` is a clock
    /// in seconds, `width` the terminal's columns (a longer line would wrap, and the
    /// carriage return would then redraw only its last row).
    init(
        enabled: Bool, delay: Double = 0.5, interval: Double = 0.1, width: Int = 80,
        now: @escaping () -> Double, write: @escaping (String) -> Void
    ) {
        self.enabled = enabled
        self.delay = delay
        self.interval = interval
        self.width = max(width, 20)
        self.now = now
        self.write = write
        start = now()
    }

    /// The display for this process: standard error, when it is a terminal and `quiet`
    /// is off.
    static func standardError(quiet: Bool) -> ProgressDisplay {
        var size = winsize()
        let columns =
            ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0
            ? Int(size.ws_col) : 80
        return ProgressDisplay(
            enabled: !quiet && isatty(STDERR_FILENO) == 1, width: columns,
            now: {
                var time = timespec()
                clock_gettime(CLOCK_MONOTONIC, &time)
                return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
            },
            write: writeStandardError)
    }

    func update(_ progress: WorkProgress) {
        guard enabled else { return }
        let time = now()
        guard time - start >= delay else { return }
        if let last = lastDraw, last.stage == progress.stage, time - last.time < interval,
            progress.done < progress.total
        {
            return
        }
        lastDraw = (time, progress.stage)
        write("\r" + String(Self.line(progress).prefix(width - 1)) + "\u{1B}[K")
        isShowing = true
    }

    /// Erases the line, if one is showing; call before printing anything else.
    func finish() {
        guard isShowing else { return }
        write("\r\u{1B}[K")
        isShowing = false
    }

    /// `store [############------------] 50,000/100,000 statements`
    static func line(_ p: WorkProgress) -> String {
        let fraction = p.total > 0 ? min(1, max(0, Double(p.done) / Double(p.total))) : 0
        let filled = Int((fraction * Double(barWidth)).rounded(.down))
        let bar =
            String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled)
        let stage = padded(p.stage.rawValue.prefix(5), to: 5)
        let subject = p.subject.isEmpty ? "" : " (\(p.subject))"
        return "\(stage) [\(bar)] \(grouped(p.done))/\(grouped(p.total)) \(p.unit)\(subject)"
    }

    /// `100000` → `100,000`.
    private static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }
}
