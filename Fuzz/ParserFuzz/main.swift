// A fuzz target for the `.layout` parser and the one-line (equation / VFL) parser.
//
// With libFuzzer (the toolchain ships it):
//     swift build -c release -Xswiftc -sanitize=fuzzer --product layoutdb-fuzz \
//         --scratch-path .build-fuzz
//     mkdir -p corpus && .build-fuzz/release/layoutdb-fuzz corpus Tests/Fixtures -max_total_time=600
// Built without `-sanitize=fuzzer`, the same binary is a plain seeded random driver:
//     layoutdb-fuzz --random ITERATIONS [SEED]
// A crash is a bug: turn the input into a regression test (ParserFuzzTests).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutStore

/// Parses `data` both ways and checks what an error must carry. Traps on a broken promise.
func fuzzOne(_ data: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: data, as: UTF8.self)
    // Bytes, not Characters: "\r\n" is one Character, and the parser splits at '\n' bytes.
    let lines = text.utf8.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    do {
        _ = try ScriptParser.parse(text, file: "fuzz.layout")
    } catch {
        checkLocation(error, lines: lines)
    }
    // The first line through `add`'s parser, with a metric and a parent known.
    let first = String(decoding: text.utf8.prefix { $0 != 0x0A }, as: UTF8.self)
    do {
        _ = try ScriptParser.parseConstraints(
            first, file: "<add>", metrics: ["pad": 8], parents: ["a": "root", "b": "a"])
    } catch {
        checkLocation(error, lines: 1)
    }
}

func checkLocation(_ error: ParseError, lines: Int) {
    let location = error.location
    precondition(location.line >= 1 && location.line <= max(lines, 1), "bad line: \(error)")
    precondition(location.column >= 1, "bad column: \(error)")
    precondition(!error.message.isEmpty, "empty message")
    _ = error.description
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    fuzzOne(UnsafeBufferPointer(start: data, count: size))
    return 0
}

/// Without libFuzzer: random and mutated inputs from a seed (splitmix64), for `--random N`.
func randomDriver(iterations: Int, seed: UInt64) {
    var state = seed
    func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    let pieces = [
        "view ", "a", "b", ".", "left", "width", "centerX", "==", "<=", ">=", " ", "+", "-", "*",
        "/", "8", "1e308", "nan", "inf", "-0", "@", "750", ":", "H:", "V:", "|", "[", "]", "(",
        ")", "-pad-", "\n", ";", "#", "in", "frame", "metric", "layout", "canvas", "set", "é",
        "\u{0}", "\"", "'", ",", "0.5", "edges", "size", "center", "intrinsic", "variant",
    ]
    for i in 0..<iterations {
        var bytes: [UInt8] = []
        let count = Int(next() % 24)
        for _ in 0..<count {
            if next() % 8 == 0 {
                bytes.append(UInt8(truncatingIfNeeded: next()))
            } else {
                bytes += Array(pieces[Int(next() % UInt64(pieces.count))].utf8)
            }
        }
        bytes.withUnsafeBufferPointer { fuzzOne($0) }
        if i % 100_000 == 0 && i > 0 { print("\(i) inputs") }
    }
    print("\(iterations) inputs, seed \(seed): no crash")
}

let arguments = CommandLine.arguments
if let index = arguments.firstIndex(of: "--random") {
    let count = index + 1 < arguments.count ? Int(arguments[index + 1]) ?? 100_000 : 100_000
    let seed = index + 2 < arguments.count ? UInt64(arguments[index + 2]) ?? 1 : 1
    randomDriver(iterations: count, seed: seed)
} else {
    typealias Driver = @convention(c) (
        UnsafeMutablePointer<Int32>,
        UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32
    // Present only when linked with `-sanitize=fuzzer`; looked up so one source builds both ways.
    if let symbol = dlsym(dlopen(nil, RTLD_NOW), "LLVMFuzzerRunDriver") {
        let driver = unsafeBitCast(symbol, to: Driver.self)
        var argc = CommandLine.argc
        var argv = Optional(CommandLine.unsafeArgv)
        exit(driver(&argc, &argv, fuzzerTestOneInput))
    }
    print("not built with -sanitize=fuzzer; run with --random N [SEED] for the plain driver")
    randomDriver(iterations: 100_000, seed: 1)
}
