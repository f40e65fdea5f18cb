import Testing

@testable import LayoutStore

/// A counter the reading thread alone advances.
private final class Counter: @unchecked Sendable {
    var next = 0
}

private struct Refused: Error, Equatable {
    let at: Int
}

@Suite("Reading ahead on a thread of its own")
struct ReadAheadTests {
    @Test(
        "hands over everything read, in order, across chunks (or in line)",
        arguments: [false, true], [1, 3, 7, 1000])
    func inOrder(inline: Bool, chunk: Int) throws {
        let counter = Counter()
        let ahead = ReadAhead(inline: inline, chunk: chunk, depth: 2) { () -> Int? in
            defer { counter.next += 1 }
            return counter.next < 100 ? counter.next : nil
        }
        defer { ahead.close() }
        var seen: [Int] = []
        while let n = try ahead.next() { seen.append(n) }
        #expect(seen == Array(0..<100))
        #expect(try ahead.next() == nil)
    }

    @Test("an error comes after everything read before it, and then again")
    func errorInPlace() throws {
        let counter = Counter()
        let ahead = ReadAhead(chunk: 4, depth: 2) { () throws -> Int? in
            defer { counter.next += 1 }
            if counter.next == 10 { throw Refused(at: 10) }
            return counter.next
        }
        defer { ahead.close() }
        var seen: [Int] = []
        #expect(throws: Refused(at: 10)) {
            while let n = try ahead.next() { seen.append(n) }
        }
        #expect(seen == Array(0..<10))
        #expect(throws: Refused(at: 10)) { try ahead.next() }
    }

    @Test("closing early stops a reader that waits for room, and reads no further")
    func closeEarly() throws {
        let counter = Counter()
        let ahead = ReadAhead(chunk: 2, depth: 1) { () -> Int? in
            defer { counter.next += 1 }
            return counter.next
        }
        #expect(try ahead.next() == 0)
        ahead.close()
        // The reader stopped with at most a chunk held, one waiting and one being filled.
        #expect(counter.next <= 2 + 2 + 2)
        ahead.close()
    }
}
