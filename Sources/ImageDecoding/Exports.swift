/// Raster, the limits, the bands and DecodeError come with `import ImageDecoding`, as before the codecs had
/// targets of their own: every caller that shows, shrinks or writes pictures takes them from here.
@_exported import ImageCore
