#if canImport(Glibc)
import Glibc
#endif

/// The pty functions Glibc's Swift module leaves out (they sit behind
/// _XOPEN_SOURCE and _GNU_SOURCE), looked up in libc at run time.
public enum PtyCalls {
    private static func symbol<T>(_ name: String, as type: T.Type) -> T {
        guard let pointer = dlsym(dlopen(nil, RTLD_NOW), name) else { fatalError("libc has no \(name)") }
        return unsafeBitCast(pointer, to: type)
    }

    public static let openpt = symbol("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    public static let grantpt = symbol("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    public static let unlockpt = symbol("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    public static let ptsname = symbol(
        "ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
    public static let addchdir = symbol(
        "posix_spawn_file_actions_addchdir_np",
        as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)
}

/// The size a test gives its terminal: cells, and pixels (0 when the terminal does not say).
public struct TerminalSize: Sendable {
    public var columns: UInt16
    public var rows: UInt16
    public var pixelWidth: UInt16
    public var pixelHeight: UInt16

    public init(columns: UInt16 = 80, rows: UInt16 = 24, pixelWidth: UInt16 = 0, pixelHeight: UInt16 = 0) {
        self.columns = columns
        self.rows = rows
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }
}

/// The tests' one pseudo-terminal: a fresh master and slave, neither the controlling
/// terminal of this process (O_NOCTTY), the slave's window set to `size` (TIOCSWINSZ).
/// The caller closes both (`close()`).
public struct Pty {
    public let master: Int32
    public let slave: Int32
    /// The slave's path, for a child that opens it (and so makes it its controlling terminal).
    public let name: String

    /// A pair, or why there is none.
    public static func open(size: TerminalSize = TerminalSize()) throws(Spawn.Failure) -> Pty {
        let master = PtyCalls.openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, PtyCalls.grantpt(master) == 0, PtyCalls.unlockpt(master) == 0,
            let pointer = PtyCalls.ptsname(master)
        else {
            let reason = String(cString: strerror(errno))
            if master >= 0 { Glibc.close(master) }
            throw Spawn.Failure(description: "cannot open a pseudo-terminal: \(reason)")
        }
        let name = String(cString: pointer)
        let slave = Glibc.open(name, O_RDWR | O_NOCTTY)
        guard slave >= 0 else {
            Glibc.close(master)
            throw Spawn.Failure(description: "cannot open the pty's slave side")
        }
        var window = winsize(
            ws_row: size.rows, ws_col: size.columns, ws_xpixel: size.pixelWidth, ws_ypixel: size.pixelHeight)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &window)
        return Pty(master: master, slave: slave, name: name)
    }

    public func close() {
        Glibc.close(slave)
        Glibc.close(master)
    }
}
