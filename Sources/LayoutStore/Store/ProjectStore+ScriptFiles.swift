import LayoutSQLite

extension ProjectStore {
    /// The names of the files the project holds lines of (`script_lines.file`), each as
    /// it was given when the file was applied.
    package func scriptFiles() throws -> [String] {
        try database.makeStatement("SELECT DISTINCT file FROM script_lines ORDER BY file")
            .rows { $0.string(0) }
    }

    /// Whether the project holds lines of `file` (one probe of `script_lines_file`).
    package func holdsLines(of file: String) throws -> Bool {
        try database.cachedStatement("SELECT 1 FROM script_lines WHERE file = ? LIMIT 1")
            .rows([file], { _ in true }).first == true
    }

    /// The names of the files that hold lines in layout `layout`.
    package func scriptFiles(inLayout layout: String) throws -> Set<String> {
        Set(
            try database.makeStatement(
                """
                SELECT DISTINCT s.file FROM script_lines s JOIN layouts l ON l.id = s.layout_id
                WHERE l.name = ?
                """
            ).rows([layout]) { $0.string(0) })
    }

    /// Where the files the project holds lines of are, by held name (`script_files`,
    /// migration 0017). A file applied before that version has no place until its next
    /// apply that writes.
    package func scriptPlaces() throws -> ScriptPlaces {
        ScriptPlaces(
            try database.makeStatement(
                """
                SELECT file, path, absolute FROM script_files
                WHERE file IN (SELECT file FROM script_lines)
                """
            ).rows { ($0.string(0), ScriptPlace(path: $0.string(1), absolute: $0.string(2))) })
    }

    /// The layout the statements held as `file` before its first `layout` line go into:
    /// the one recorded with its place; for a file held before that (version 17), that of
    /// its first kept line, unless its first statement is a `layout` line (none went before
    /// it: the default's, `main`, as far as the file says). Nil for a file the project
    /// holds no lines of.
    package func startLayout(ofHeld file: String) throws -> String? {
        // A row of a file with no lines left (its layouts deleted) says nothing.
        if let recorded = try recordedStart(of: file), try holdsLines(of: file) {
            return recorded
        }
        guard
            let (name, text) = try database.cachedStatement(
                """
                SELECT l.name, s.text FROM script_lines s JOIN layouts l ON l.id = s.layout_id
                WHERE s.file = ? ORDER BY s.line LIMIT 1
                """
            ).rows([file], { ($0.string(0), $0.string(1)) }).first
        else { return nil }
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let words = line.split(whereSeparator: \.isWhitespace)
            guard let first = words.first, !first.hasPrefix("#") else { continue }
            return first == "layout" ? defaultLayoutName : name
        }
        return name
    }

    /// The start layout recorded with `file`'s place, if one is.
    private func recordedStart(of file: String) throws -> String? {
        try database.cachedStatement(
            "SELECT layout FROM script_files WHERE file = ? AND layout IS NOT NULL"
        ).rows([file], { $0.string(0) }).first
    }

    /// Records the layout `file`'s statements before its first `layout` line go into,
    /// written with its place (``writeLocation(of:)``).
    package func recordStart(of file: String, in layout: String) { startLayouts[file] = layout }

    /// Records that the held name `file` stands for the file at `place`: whenever its
    /// lines are written, its place is written with them.
    package func locate(_ file: String, at place: ScriptPlace) { located[file] = place }

    /// Writes the place ``locate(_:at:)`` gave `file`, if it gave one and the project holds
    /// another: with the file's lines, in the caller's transaction.
    func writeLocation(of file: String) throws {
        guard let place = located[file] else { return }
        let layout = startLayouts[file]
        try database.cachedStatement(
            """
            INSERT INTO script_files (file, path, absolute, layout) VALUES (?, ?, ?, ?)
            ON CONFLICT (file) DO UPDATE SET path = excluded.path, absolute = excluded.absolute,
                layout = coalesce(excluded.layout, layout)
            WHERE path IS NOT excluded.path OR absolute IS NOT excluded.absolute
                OR coalesce(excluded.layout, layout) IS NOT layout
            """
        ).run([file, place.path, place.absolute, layout])
    }

    /// The folder of the project's file (with its `/`), "" for one in the working folder
    /// or in memory.
    package var projectFolder: String { Self.folder(of: database.path) }

    /// The folder `path` names its file in, with its `/`; "" for a bare file name.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }
}

extension ProjectStore {
    /// Holds the lines of script `old` as those of `new` from now on, and the constraints
    /// it made as made by `new`: the file was moved or renamed (`git mv`), and a re-apply
    /// of `new` is to reconcile with what `old` made. One transaction.
    /// `place`: where `new` is.
    package func renameScriptFile(_ old: String, to new: String, place: ScriptPlace) throws {
        try transaction {
            let held = try scriptFiles()
            guard held.containsName(old) else {
                throw StoreError.refusedEdit(
                    "the project holds no lines of `\(old)`"
                        + (held.isEmpty
                            ? " (it holds no script's lines)"
                            : "; it holds those of "
                                + held.map { "`\($0)`" }.joined(separator: ", ")))
            }
            guard new.sameName(as: old) || !held.containsName(new) else {
                throw StoreError.refusedEdit(
                    "the project holds lines of `\(new)` already: a file is held once "
                        + "(`layoutdb apply \(new) --replace` takes it afresh)")
            }
            try database.execute("UPDATE script_lines SET file = ? WHERE file = ?", [new, old])
            try database.execute(
                "UPDATE constraints SET origin_file = ? WHERE origin_file = ?", [new, old])
            // The layout its statements start in goes with it.
            if let layout = try recordedStart(of: old) { startLayouts[new] = layout }
            try database.execute("DELETE FROM script_files WHERE file IN (?, ?)", [old, new])
            locate(new, at: place)
            try writeLocation(of: new)
        }
    }
}

/// Held files' places by held name, the names told apart by their bytes, as the file
/// system and SQLite tell them apart: Swift's `String` takes `café` written with `é` and
/// with `e` and an accent for one, and a second file of such a name was taken for the first
/// (its apply removed what the first made).
package struct ScriptPlaces: Sendable {
    private var places: [[UInt8]: ScriptPlace] = [:]

    init(_ rows: [(String, ScriptPlace)]) {
        for (file, place) in rows { places[Array(file.utf8)] = place }
    }

    package subscript(file: String) -> ScriptPlace? { places[Array(file.utf8)] }
}

extension String {
    /// Whether `other` has the same bytes: the same file name (``ScriptPlaces``).
    package func sameName(as other: String) -> Bool { utf8.elementsEqual(other.utf8) }
}

extension Sequence<String> {
    /// Whether one of the names is `name`, byte for byte (``Swift/String/sameName(as:)``).
    package func containsName(_ name: String) -> Bool { contains { $0.sameName(as: name) } }
}

/// Where a script file is: ``path`` from the project file's folder and ``absolute`` from
/// `/`, both with links and `.`/`..` resolved (for a file that does not exist, its
/// folder's).
package struct ScriptPlace: Equatable, Sendable {
    /// `screens/home.layout`, `../app/home.layout`: what a clone of a repository that
    /// holds the project beside its scripts still finds.
    package var path: String
    /// What a project moved away from its scripts still finds.
    package var absolute: String

    package init(path: String, absolute: String) {
        (self.path, self.absolute) = (path, absolute)
    }

    /// The same place: the same bytes (``ScriptPlaces``).
    package static func == (a: ScriptPlace, b: ScriptPlace) -> Bool {
        a.path.sameName(as: b.path) && a.absolute.sameName(as: b.absolute)
    }
}
