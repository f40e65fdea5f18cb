/// The last few names looked up and what each stood for. A script names the same views
/// statement after statement (a row's label and value, line after line): comparing a few
/// short strings costs a tenth of hashing one for a dictionary.
///
///     if let id = recent.cached(name) { return id }
///     let id = try lookUp(name)
///     recent.keep(name, id)
struct RecentNames<Value: Sendable>: Sendable {
    private var names: [String?] = [nil, nil, nil, nil]
    private var values: [Value?] = [nil, nil, nil, nil]
    /// The slot the next name kept takes: the oldest.
    private var next = 0

    /// What `name` stood for when it was kept, if it is one of the last four kept.
    func cached(_ name: String) -> Value? {
        for i in 0..<4 where names[i] == name { return values[i] }
        return nil
    }

    /// Keeps `name` and what it stands for, in place of the oldest kept. Only for a
    /// mapping that does not change while this is kept.
    mutating func keep(_ name: String, _ value: Value) {
        names[next] = name
        values[next] = value
        next = (next + 1) & 3
    }
}
