struct HEVCDeblocking {
    let frame: HEVCFrame
    func run() {}
}
struct HEVCSampleAdaptiveOffset {
    let frame: HEVCFrame
    func run() {}
}
