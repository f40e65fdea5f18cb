import LayoutSQLite

extension ProjectStore {
    /// The names of the files the project holds lines of (`script_lines.file`), each as
    /// it was given when the file was applied.
    package func scriptFiles() throws -> [String] {
        try database.makeStatement("SELECT DISTINCT file FROM script_lines ORDER BY file")
            .rows { $0.string(0) }
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
    package func renameScriptFile(_ old: String, to new: String) throws {
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
        }
    }
}
