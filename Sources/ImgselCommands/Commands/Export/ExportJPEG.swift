import ImageEncoding
import JPEGCodec

/// The JPEG encoder export hands to ImageEncoding's `--max-bytes` search: imgsel's own, progressive
/// (libjpeg-turbo's and mozjpeg's results say progressive scans are most of the bytes to be had).
enum ExportJPEG {
    static let encode: JPEGEncode = { raster, settings in
        JPEGEncoder.encode(
            raster,
            options: JPEGEncoder.Options(
                quality: settings.quality, progressive: true, iccProfile: settings.icc, exif: settings.exif,
                xmp: settings.xmp))
    }
}
