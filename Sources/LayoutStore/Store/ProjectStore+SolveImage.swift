import LayoutSQLite
import LayoutScript

/// The kept solved systems of layouts (`solve_images`, migration 0011; ``SolveImage``).
extension ProjectStore {
    /// The number of views in `layout`'s kept image, or nil when it has none.
    func solveImageViews(layoutID: Int64) throws -> Int? {
        let statement = try database.cachedStatement(
            "SELECT views FROM solve_images WHERE layout_id = ?")
        try statement.bind([layoutID])
        defer { statement.reset() }
        return try statement.step() ? statement.int(0) : nil
    }

    /// `layout`'s kept image and the constants changed since it was kept (stored
    /// constraint id → its constant now); nil when there is none or it does not decode
    /// (then it is dropped, and the layout is solved from its rows).
    func solveImage(layoutID: Int64) throws -> (SolveImage, [Int64: Double])? {
        let statement = try database.cachedStatement(
            "SELECT image FROM solve_images WHERE layout_id = ?")
        try statement.bind([layoutID])
        let image: SolveImage?? =
            try statement.step() ? statement.withBlob(0) { SolveImage(decoding: $0) } : .none
        statement.reset()
        guard case .some(let decoded) = image else { return nil }
        guard let decoded else {
            try dropSolveImage(layoutID: layoutID)
            return nil
        }
        var constants: [Int64: Double] = [:]
        for (id, value) in try database.cachedStatement(
            """
            SELECT c.id, c.constant FROM solve_image_constants p
            JOIN constraints c ON c.id = p.constraint_id AND c.layout_id = p.layout_id
            WHERE p.layout_id = ?
            """
        ).rows([layoutID], { ($0.int64(0), $0.double(1)) }) {
            constants[id] = value
        }
        return (decoded, constants)
    }

    /// Keeps `image` as `layout`'s system now (no constant changed since); one longer
    /// than SQLite stores is not kept (edits then solve from the rows).
    ///
    /// The bytes are made twice and never held whole: counted, then written into a BLOB
    /// of that size a megabyte at a time. A million cards' image is 330 MB; held whole,
    /// and copied whole into SQLite's record of the row, it was the peak of a first apply.
    func writeSolveImage(layoutID: Int64, _ image: SolveImage) throws {
        let chunk = 1 << 20
        var size = 0
        image.encode(chunksOf: chunk) { size += $0.count }
        guard size <= min(database.maximumValueLength, Int(Int32.max)) else {
            try dropSolveImage(layoutID: layoutID)
            return
        }
        try database.cachedStatement(
            """
            INSERT OR REPLACE INTO solve_images (layout_id, views, image)
            VALUES (?, ?, zeroblob(?))
            """
        ).run([layoutID, image.viewIDs.count, size])
        try database.writeBlob(table: "solve_images", column: "image", row: layoutID) { write in
            var offset = 0
            var failure: DatabaseError?
            // The writer keeps its sink only while `encode` runs.
            withoutActuallyEscaping(write) { write in
                image.encode(chunksOf: chunk) { bytes in
                    guard failure == nil else { return }
                    do throws(DatabaseError) {
                        try write(bytes, offset)
                    } catch {
                        failure = error
                    }
                    offset += bytes.count
                }
            }
            if let failure { throw failure }
            precondition(offset == size, "the image's bytes were \(offset), counted \(size)")
        }
        try database.cachedStatement("DELETE FROM solve_image_constants WHERE layout_id = ?")
            .run([layoutID])
    }

    /// Drops `layout`'s image: for the marks no trigger sees (``markDirty(layoutID:)``).
    func dropSolveImage(layoutID: Int64) throws {
        try database.cachedStatement("DELETE FROM solve_images WHERE layout_id = ?")
            .run([layoutID])
        try database.cachedStatement("DELETE FROM solve_image_constants WHERE layout_id = ?")
            .run([layoutID])
    }

    /// Whether `layout` has at least `count` views with a variable in one of `components`.
    ///
    /// Reads the views' ids (``viewIDsInComponents``, in the order its indexes find them)
    /// until it has seen `count` different ones: counting all of them first would read half
    /// of a 10k-view form for one constant edit.
    func hasViews(layoutID: Int64, inComponents components: Set<Int>, atLeast count: Int)
        throws -> Bool
    {
        guard count > 0 else { return true }
        let statement = try database.cachedStatement(Self.viewIDsInComponents)
        try statement.bind([layoutID, Self.jsonArray(components)])
        defer { statement.reset() }
        var seen: Set<Int64> = []
        while try statement.step() {
            seen.insert(statement.int64(0))
            if seen.count >= count { return true }
        }
        return false
    }

    /// The stored base frame (nil: none) and the name of each view in `viewIDs`, in that
    /// order, read in one pass over the layout's views: a constant edit of a 100k-view form
    /// compares every frame, and two reads into dictionaries keyed by id (hashing each id
    /// twice) cost a third of it.
    func baseFramesAndNames(layoutID: Int64, viewIDs: [Int64]) throws -> (
        frames: [SolvedFrame?], names: [String]
    ) {
        var frames = [SolvedFrame?](repeating: nil, count: viewIDs.count)
        var names = [String](repeating: "", count: viewIDs.count)
        // Ids are mostly one run (views are inserted in order): a table by id less the
        // smallest when the run is dense, a dictionary otherwise.
        let low = viewIDs.min() ?? 0
        let span = (viewIDs.max() ?? 0) - low + 1
        var dense: [Int32] = []
        var sparse: [Int64: Int] = [:]
        if span <= Int64(4 * viewIDs.count + 64) {
            dense = [Int32](repeating: -1, count: Int(span))
            for (i, id) in viewIDs.enumerated() { dense[Int(id - low)] = Int32(i) }
        } else {
            sparse.reserveCapacity(viewIDs.count)
            for (i, id) in viewIDs.enumerated() { sparse[id] = i }
        }
        func index(of id: Int64) -> Int? {
            guard !dense.isEmpty else { return sparse[id] }
            guard id >= low, id - low < span else { return nil }
            let i = dense[Int(id - low)]
            return i < 0 ? nil : Int(i)
        }
        // A range of the frames table's key holds every variant's rows: read as one only
        // where there are none but the base, and the ids are one dense run.
        let variantsExist = "SELECT EXISTS (SELECT 1 FROM variants)"
        let inOneRange = dense.isEmpty ? false : try database.int64(variantsExist) == 0
        guard inOneRange else {
            let statement = try database.cachedStatement(
                """
                SELECT v.id, v.name, f.x, f.y, f.width, f.height, f.ambiguous
                FROM views v LEFT JOIN frames f ON f.view_id = v.id AND f.variant_id = 0
                WHERE v.layout_id = ?
                """)
            try statement.bind([layoutID])
            defer { statement.reset() }
            while try statement.step() {
                guard let i = index(of: statement.int64(0)) else { continue }
                names[i] = statement.string(1)
                if !statement.isNull(2) { frames[i] = SolvedFrame(statement, from: 2) }
            }
            return (frames, names)
        }
        // The frames in key order: a third less of SQLite's work than looking each view's
        // frame up.
        let views = try database.cachedStatement("SELECT id, name FROM views WHERE layout_id = ?")
        try views.bind([layoutID])
        defer { views.reset() }
        while try views.step() {
            if let i = index(of: views.int64(0)) { names[i] = views.string(1) }
        }
        let rows = try database.cachedStatement(
            """
            SELECT view_id, x, y, width, height, ambiguous FROM frames
            WHERE view_id BETWEEN ? AND ? AND variant_id = 0
            """)
        try rows.bind([low, low + span - 1])
        defer { rows.reset() }
        while try rows.step() {
            if let i = index(of: rows.int64(0)) { frames[i] = SolvedFrame(rows, from: 1) }
        }
        return (frames, names)
    }
}
