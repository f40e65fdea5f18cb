import CSQLite
import Foundation

// Usage: MigrationEmbedder OUTPUT.swift [--baseline NNNN_schema.sql] 0001_name.sql ...
// Writes `EmbeddedMigrations.all`: (version, name, sql) in file-name order. A file
// name must start with its version number; gaps and duplicates are refused so a
// mistake fails the build instead of a user's database. `EmbeddedMigrations.baseline`
// is the squashed schema new files start from (its version: its name's number, at most
// the last migration's), or nil; `EmbeddedMigrations.baselineImage` the bytes of a new
// project file made from it, or nil.

func literal(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if scalar.isASCII && scalar.value >= 0x20 {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
    }
    return out + "\""
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(65)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard !arguments.isEmpty else {
    FileHandle.standardError.write(
        Data("usage: MigrationEmbedder OUTPUT [--baseline FILE] FILE...\n".utf8))
    exit(64)
}
let output = arguments.removeFirst()
var baselinePath: String?
while arguments.first == "--baseline" {
    guard arguments.count >= 2 else { fail("--baseline needs a file") }
    guard baselinePath == nil else { fail("more than one baseline schema") }
    baselinePath = arguments[1]
    arguments.removeFirst(2)
}
var entries: [String] = []
var expected = 1
for path in arguments {
    let url = URL(fileURLWithPath: path)
    let name = url.deletingPathExtension().lastPathComponent
    guard let version = Int(name.prefix { $0.isNumber }), version == expected else {
        fail(
            "\(path): migration files must be numbered 0001_, 0002_, ... without gaps"
                + " (expected \(expected))")
    }
    expected += 1
    let sql = try String(contentsOf: url, encoding: .utf8)
    entries.append("        (version: \(version), name: \(literal(name)), sql: \(literal(sql))),")
}
/// The file a new project starts as: the baseline run on an empty file in one transaction,
/// its version set, switched to WAL, as `DatabaseMigrator.migrate` leaves a new file
/// (`DatabaseTests` checks that the two agree). Creating the schema with SQL cost a new
/// project 12 ms (SQLite parses each statement twice); writing these bytes costs 0.3.
func image(of sql: String, version: Int, scratch: String) -> [UInt8] {
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(scratch + suffix) }
    var connection: OpaquePointer?
    guard sqlite3_open(scratch, &connection) == SQLITE_OK, let db = connection else {
        fail("\(scratch): cannot create the baseline's image")
    }
    func run(_ statement: String) {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(db, statement, nil, nil, &message) == SQLITE_OK else {
            fail("the baseline's image: " + (message.map { String(cString: $0) } ?? "failed"))
        }
    }
    run("BEGIN IMMEDIATE")
    run(sql)
    run("PRAGMA user_version = \(version)")
    run("COMMIT")
    run("PRAGMA journal_mode = WAL")
    // The last connection's close checkpoints the log into the file and removes it.
    guard sqlite3_close(db) == SQLITE_OK,
        let bytes = FileManager.default.contents(atPath: scratch)
    else { fail("\(scratch): cannot read the baseline's image") }
    unlink(scratch)
    return [UInt8](bytes)
}

/// `bytes` as Swift source: its size and the runs of it that are not zeros (an empty
/// SQLite page is mostly zeros), each as base64, split where 32 or more zeros run.
func imageLiteral(_ bytes: [UInt8]) -> String {
    var segments: [String] = []
    var i = 0
    while i < bytes.count {
        guard bytes[i] != 0 else {
            i += 1
            continue
        }
        var end = i
        var zeros = 0
        while end < bytes.count && zeros < 32 {
            zeros = bytes[end] == 0 ? zeros + 1 : 0
            end += 1
        }
        let base64 = Data(bytes[i..<(end - zeros)]).base64EncodedString()
        segments.append("            (offset: \(i), base64: \"\(base64)\"),")
        i = end
    }
    return "(\n        size: \(bytes.count),\n        segments: [\n"
        + segments.joined(separator: "\n") + "\n        ])"
}

var baseline = "nil"
var baselineImage = "nil"
if let baselinePath {
    let name = URL(fileURLWithPath: baselinePath).deletingPathExtension().lastPathComponent
    guard let version = Int(name.prefix { $0.isNumber }), version >= 1, version < expected
    else {
        fail("\(baselinePath): a baseline's name must start with the version of a migration")
    }
    let sql = try String(contentsOf: URL(fileURLWithPath: baselinePath), encoding: .utf8)
    baseline = "(version: \(version), sql: \(literal(sql)))"
    baselineImage = imageLiteral(image(of: sql, version: version, scratch: output + ".image"))
}
let source = """
    // Generated by MigrationEmbedder from Migrations/*.sql. Do not edit.
    enum EmbeddedMigrations {
        static let all: [(version: Int, name: String, sql: String)] = [
    \(entries.joined(separator: "\n"))
        ]
        static let baseline: (version: Int, sql: String)? = \(baseline)
        static let baselineImage: (size: Int, segments: [(offset: Int, base64: String)])? =
            \(baselineImage)
    }

    """
try source.write(toFile: output, atomically: true, encoding: .utf8)
