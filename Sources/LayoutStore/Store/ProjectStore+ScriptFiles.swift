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
