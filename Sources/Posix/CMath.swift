#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's mathematics (libm), which Swift's standard library lacks: the libraries take
/// them from here rather than each importing Glibc. The same functions, so the same bits out.
public enum CMath {
    public static func log(_ x: Double) -> Double { cLog(x) }
    public static func log2(_ x: Double) -> Double { cLog2(x) }
    public static func exp(_ x: Double) -> Double { cExp(x) }
    public static func cos(_ x: Double) -> Double { cCos(x) }
    public static func pow(_ x: Double, _ y: Double) -> Double { cPow(x, y) }
}

// At file scope, where the names reach the C library's and not CMath's own.
private func cLog(_ x: Double) -> Double { log(x) }
private func cLog2(_ x: Double) -> Double { log2(x) }
private func cExp(_ x: Double) -> Double { exp(x) }
private func cCos(_ x: Double) -> Double { cos(x) }
private func cPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
