import Posix

/// The transfer characteristics imgsel converts from (H.273 TransferCharacteristics), each as the
/// curve from coded value to linear light (1 the white) that an equivalent ICC profile would carry.
///
/// - BT.709 (1, and 6, 14, 15, the same curve) is taken as the inverse of its camera curve
///   (linear below 0.081, else ((V + 0.099) / 1.099)^(1/0.45)), a `para` of type 3, as Skia does.
/// - PQ (16) and HLG (18) are taken as their SDR reading, clipped: PQ's light in cd/m² divided by
///   203 (BT.2408's reference white, so a graphic's white is white and brighter highlights clip);
///   HLG's scene light by its inverse camera curve, divided by the scene light at 75 % signal
///   (BT.2408's reference white), with no system gamma. Both per channel and clipped at that white,
///   so both are plain curves.
enum Transfer {
    case bt709, srgb, gamma22, gamma28, linear, pq, hlg

    init?(_ code: Int) {
        switch code {
        case 1, 6, 14, 15: self = .bt709
        case 13: self = .srgb
        case 4: self = .gamma22
        case 5: self = .gamma28
        case 8: self = .linear
        case 16: self = .pq
        case 18: self = .hlg
        default: return nil
        }
    }

    /// Linear light of coded value `v` in [0, 1]; PQ's and HLG's clipped at the reference white, per
    /// channel, before the primaries are converted (as an ICC curve, which cannot pass 1, would).
    func linear(_ v: Double) -> Double {
        switch self {
        case .bt709: return v < 0.081 ? v / 4.5 : CMath.pow((v + 0.099) / 1.099, 1 / 0.45)
        case .srgb: return BuiltInSRGB.decode(v)
        case .gamma22: return CMath.pow(v, 2.2)
        case .gamma28: return CMath.pow(v, 2.8)
        case .linear: return v
        case .pq: return min(Transfer.pqNits(v) / 203, 1)
        case .hlg: return min(Transfer.hlgScene(v) / Transfer.hlgScene(0.75), 1)
        }
    }

    /// SMPTE ST 2084: cd/m² of a PQ signal.
    static func pqNits(_ v: Double) -> Double {
        let m1 = 2610.0 / 16384
        let m2 = 2523.0 / 4096 * 128
        let c1 = 3424.0 / 4096
        let c2 = 2413.0 / 4096 * 32
        let c3 = 2392.0 / 4096 * 32
        let p = CMath.pow(max(v, 0), 1 / m2)
        return 10000 * CMath.pow(max(p - c1, 0) / (c2 - c3 * p), 1 / m1)
    }

    /// BT.2100 HLG inverse OETF: scene light in [0, 1] of a signal.
    static func hlgScene(_ v: Double) -> Double {
        let a = 0.17883277
        let b = 1 - 4 * a
        let c = 0.5 - a * CMath.log(4 * a)
        return v <= 0.5 ? v * v / 3 : (CMath.exp((v - c) / a) + b) / 12
    }
}

extension ColourTransform {
    /// nclx / cICP primaries and transfer → sRGB, as LittleCMS converts from an RGB profile of those
    /// primaries (built as cmsCreateRGBProfile builds one: D65 adapted to D50 by Bradford) and that
    /// curve (see `Transfer`: BT.709's is its inverse camera curve, PQ and HLG their SDR reading,
    /// clipped), perceptual, to its built-in sRGB. Nil when the code points are sRGB (BT.709
    /// primaries and the sRGB transfer: BT.709's own transfer is a different curve and is
    /// converted) or one of them is unknown.
    public init?(codePoints: CodePoints) {
        guard let gamut = Gamut(codePoints.primaries), let transfer = Transfer(codePoints.transfer),
            !(gamut == .bt709 && transfer == .srgb)
        else { return nil }
        let curve = (0..<256).map { transfer.linear(Double($0) / 255) }
        self.init(
            tables: .shaper(
                ShaperTables(
                    curves: [curve, curve, curve], matrix: BuiltInSRGB.fromD50 * gamut.toD50, offset: .zero)))
    }
}
