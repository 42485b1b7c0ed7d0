import SessionBus

/// An accessible object on the bus: the connection's name and the object's path.
struct ObjectReference: Hashable {
    var bus: String
    var path: String
    /// The reference to no object.
    static let null = ObjectReference(bus: "", path: "/org/a11y/atspi/null")
}

extension MessageWriter {
    /// A reference to an accessible object: the structure (bus name, path).
    func reference(_ r: ObjectReference) {
        structure {
            string(r.bus)
            objectPath(r.path)
        }
    }
}

extension MessageReader {
    /// The (bus name, path) structure at the reader.
    func reference() throws(BusError) -> ObjectReference {
        guard nextType == "r" else { throw .invalidArgs("expected (so)") }
        let fields = try contents()
        let bus = try fields.string()
        let path = try fields.string()
        return ObjectReference(bus: bus, path: path)
    }

    /// An int32 inside a variant (a property set to an integer).
    func variantInt32() throws(BusError) -> Int32 {
        guard case .int32(let v) = try variant() else { throw .invalidArgs("expected an int32 in the variant") }
        return v
    }
}
