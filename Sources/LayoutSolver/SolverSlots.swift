/// Elements by small integer id, the id of a removed element handed out again: the
/// solver's components and cores. A table stays as long as the most elements ever alive
/// at once, and an id stays valid while its element lives.
///
/// Invariant: an id is either taken (holding its element once stored) or on the free
/// list, never both. Reading an id that holds nothing is a solver bug and traps.
///
///     var cores = SlotTable<CoreState>()
///     let id = cores.take()
///     cores.store(core, at: id)
///     cores[id].tags[0] = tag      // in place
///     cores.release(id)            // `id` may come back from the next `take()`
struct SlotTable<Element> {
    private var slots: [Element?] = []
    private var free: [Int32] = []

    /// An id for a new element (a freed one first); it holds nothing until `store`.
    mutating func take() -> Int32 {
        if let id = free.popLast() { return id }
        slots.append(nil)
        return Int32(slots.count - 1)
    }

    /// Puts `element` at a taken id, replacing what it held.
    mutating func store(_ element: Element, at id: Int32) {
        slots[Int(id)] = element
    }

    /// Frees `id` for reuse, with its element.
    mutating func release(_ id: Int32) {
        slots[Int(id)] = nil
        free.append(id)
    }

    /// What `id` holds, if anything.
    func element(_ id: Int32) -> Element? { slots[Int(id)] }

    /// The element at `id`, which must hold one; changed in place.
    subscript(id: Int32) -> Element {
        get { slots[Int(id)]! }
        _modify { yield &slots[Int(id)]! }
    }

    /// The living elements, in id order.
    var elements: some Sequence<Element> { slots.lazy.compactMap { $0 } }

    /// The living elements with their ids, in id order.
    var identified: some Sequence<(id: Int32, element: Element)> {
        slots.indices.lazy.compactMap { i in self.slots[i].map { (Int32(i), $0) } }
    }
}
