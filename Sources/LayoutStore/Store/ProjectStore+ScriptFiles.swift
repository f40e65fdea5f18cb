import LayoutSQLite

extension ProjectStore {
    /// The names of the files the project holds lines of (`script_lines.file`), each as
    /// it was given when the file was applied.
    package func scriptFiles() throws -> [String] {
        try database.makeStatement("SELECT DISTINCT file FROM script_lines ORDER BY file")
            .rows { $0.string(0) }
    }

    /// Where the files the project holds lines of are (held name → path from the project
    /// file's folder, links resolved: `script_files`, migration 0017). A file applied
    /// before that version has no path until its next apply that writes.
    package func scriptPaths() throws -> [String: String] {
        try database.makeStatement(
            "SELECT file, path FROM script_files WHERE file IN (SELECT file FROM script_lines)"
        ).rows { ($0.string(0), $0.string(1)) }.reduce(into: [:]) { $0[$1.0] = $1.1 }
    }

    /// Records that the held name `file` stands for the file at `path` (from the project
    /// file's folder): whenever its lines are written, the path is written with them.
    package func locate(_ file: String, at path: String) { located[file] = path }

    /// Writes the path ``locate(_:at:)`` gave `file`, if it gave one and the project holds
    /// another: with the file's lines, in the caller's transaction.
    func writeLocation(of file: String) throws {
        guard let path = located[file] else { return }
        try database.cachedStatement(
            """
            INSERT INTO script_files (file, path) VALUES (?, ?)
            ON CONFLICT (file) DO UPDATE SET path = excluded.path WHERE path IS NOT excluded.path
            """
        ).run([file, path])
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
    /// `path`: where `new` is, from the project file's folder.
    package func renameScriptFile(_ old: String, to new: String, path: String) throws {
        try transaction {
            let held = try scriptFiles()
            guard held.contains(old) else {
                throw StoreError.refusedEdit(
                    "the project holds no lines of `\(old)`"
                        + (held.isEmpty
                            ? " (it holds no script's lines)"
                            : "; it holds those of "
                                + held.map { "`\($0)`" }.joined(separator: ", ")))
            }
            guard !held.contains(new) else {
                throw StoreError.refusedEdit(
                    "the project holds lines of `\(new)` already: a file is held once "
                        + "(`layoutdb apply \(new) --replace` takes it afresh)")
            }
            try database.execute("UPDATE script_lines SET file = ? WHERE file = ?", [new, old])
            try database.execute(
                "UPDATE constraints SET origin_file = ? WHERE origin_file = ?", [new, old])
            try database.execute("DELETE FROM script_files WHERE file IN (?, ?)", [old, new])
            locate(new, at: path)
            try writeLocation(of: new)
        }
    }
}
