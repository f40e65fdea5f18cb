import LayoutScript
import Testing

/// The CI-sized sibling of `layoutdb-fuzz` (Fuzz/ParserFuzz): seeded random and mutated
/// inputs through both parsers; nothing may crash, every error points into the input.
@Suite("Parser fuzz (bounded)")
struct ParserFuzzTests {
    static let seeds = [
        "canvas 375 812\nview header\nheader.height: header.height == 70\n",
        "view a\nview b in a frame 0 0 10 10 autoresize width,height\nH:|-8-[b]-8-|\n",
        "layout second\nmetric pad 8\nview v\nV:|-pad-[v(==44@750)]\nvariant c canvas 320 568\n",
        "set h 44 in compact\na.edges == b.edges + 8\na.size == b.size * 0.5 @ 250",
        "\r\n\u{FF}",  // found by libFuzzer: a harness bug ("\r\n" is one Character), kept
    ]
    static let pieces = [
        "view ", "a", "b", ".", "left", "width", "centerX", " == ", " <= ", " >= ", " ", "+",
        "-", "*", "/", "8", "1e308", "nan", "inf", "-0", "1e400", "0x10", "@", "750", ":",
        "H:", "V:", "|", "[", "]", "(", ")", "-pad-", "\n", "\r\n", ";", "#", " in ",
        " frame ", "metric ", "layout ", "canvas ", "set ", "é", "\u{0}", "\"", "'", ",",
        "0.5", ".edges", ".size", ".center", " intrinsic ", "variant ", "👍🏽", "\t",
    ]

    static func check(_ text: String) {
        let lines = text.utf8.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        do {
            _ = try ScriptParser.parse(text, file: "fuzz.layout")
        } catch {
            #expect(error.location.line >= 1 && error.location.line <= lines, "\(error)")
            #expect(error.location.column >= 1 && !error.message.isEmpty, "\(error)")
            #expect(error.description.hasPrefix("fuzz.layout:\(error.location.line):"))
        }
        let first = String(decoding: text.utf8.prefix { $0 != 0x0A }, as: UTF8.self)
        do {
            _ = try ScriptParser.parseConstraints(
                first, metrics: ["pad": 8], parents: ["a": "root", "b": "a"])
        } catch {
            #expect(error.location.line == 1 && error.location.column >= 1, "\(error)")
        }
    }

    @Test func twentyThousandRandomAndMutatedInputs() {
        var rng = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0...UInt64.max, using: &rng)
        print("parser fuzz: seed \(seed)")
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        for i in 0..<20_000 {
            var bytes: [UInt8]
            if i % 2 == 0 {
                bytes = []
                for _ in 0..<Int(next() % 20) {
                    bytes += Array(Self.pieces[Int(next() % UInt64(Self.pieces.count))].utf8)
                }
            } else {
                // Mutate a valid script: flip, insert or delete a few bytes.
                bytes = Array(Self.seeds[Int(next() % UInt64(Self.seeds.count))].utf8)
                for _ in 0..<(1 + Int(next() % 4)) {
                    let at = bytes.isEmpty ? 0 : Int(next() % UInt64(bytes.count))
                    switch next() % 3 {
                    case 0 where !bytes.isEmpty: bytes[at] = UInt8(truncatingIfNeeded: next())
                    case 1: bytes.insert(UInt8(truncatingIfNeeded: next()), at: at)
                    default: if !bytes.isEmpty { bytes.remove(at: at) }
                    }
                }
            }
            Self.check(String(decoding: bytes, as: UTF8.self))
        }
    }

    @Test(arguments: ["nan", "inf", "-inf", "1e400", "1e308 * 10", "-1e999"])
    func nonFiniteNumbersNeverCrashTheParser(_ number: String) {
        for text in [
            "view a\na.width == \(number)\n", "canvas \(number) 10\n",
            "view a frame 0 0 \(number) 10\n", "metric m \(number)\n",
        ] {
            do {
                // `nan`/`inf` may parse as names; a non-finite value is refused by the store
                // (RowWriter.finite), end to end in RobustnessInputTests.
                _ = try ScriptParser.parse(text, file: "n.layout")
            } catch {
                #expect(error.location.line >= 1, "\(error)")
            }
        }
    }
}
