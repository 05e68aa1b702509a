/// Numbers 0–255 for the pictures of one screen, which kitty's image ids are made of
/// (`Kitty.imageID(process:slot:)`). A picture keeps its number while it is drawn again; a new
/// one takes the number given out longest ago, so two pictures on screen (far fewer than 256)
/// never share one. A hash of the key gave 256 numbers by chance, and with 20 thumbnails two
/// shared one about half the time: drawing the second deleted the first.
struct PictureSlots {
    private var slotOfKey: [String: Int] = [:]
    private var keyOfSlot = [String?](repeating: nil, count: 256)
    private var next = 0

    /// The key's number, and the key that held it before if it was taken from another.
    mutating func slot(for key: String) -> (slot: Int, taken: String?) {
        if let slot = slotOfKey[key] { return (slot, nil) }
        let slot = next
        next = (next + 1) % keyOfSlot.count
        let taken = keyOfSlot[slot]
        if let taken { slotOfKey[taken] = nil }
        keyOfSlot[slot] = key
        slotOfKey[key] = slot
        return (slot, taken)
    }
}
