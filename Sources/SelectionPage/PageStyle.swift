/// The page's one stylesheet, inlined and allowed by its hash in the page's CSP.
///
/// The grid follows the phone's nine-grid: three square columns, two below 300 px,
/// one below 180 px (the terminal grid's rule in pixels). The pager fills the window
/// and fits the image with `object-fit: contain`; EXIF orientation is the browser's
/// default (`image-orientation: from-image`), stated here so no reset can undo it.
enum PageStyle {
    static let css = """
        :root{color-scheme:light dark;--bg:#fafafa;--fg:#161616;--muted:#5c5c5c;--cell:#e4e4e4;--focus:#0b57d0}
        @media (prefers-color-scheme:dark){:root{--bg:#121212;--fg:#ededed;--muted:#a8a8a8;--cell:#2a2a2a;\
        --focus:#8ab4f8}}
        *{box-sizing:border-box}
        html,body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.4 system-ui,-apple-system,"Segoe UI",\
        sans-serif}
        header{padding:14px 16px 6px}
        h1{font-size:1.15rem;margin:0}
        header p{margin:2px 0 0;color:var(--muted);font-size:.85rem;overflow-wrap:anywhere}
        main{padding:8px 16px 28px;max-width:960px}
        .grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:8px}
        @media (max-width:299px){.grid{grid-template-columns:repeat(2,minmax(0,1fr))}}
        @media (max-width:179px){.grid{grid-template-columns:minmax(0,1fr)}}
        .cell{min-width:0}
        .thumb{display:block;position:relative;aspect-ratio:1/1;background:var(--cell);border-radius:4px;\
        overflow:hidden;color:inherit;text-decoration:none}
        .thumb img{display:block;width:100%;height:100%;object-fit:cover;image-orientation:from-image}
        .fallback{display:none;position:absolute;inset:0;flex-direction:column;align-items:center;\
        justify-content:center;gap:2px;padding:6px;text-align:center;color:var(--muted);font-size:.8rem}
        .fallback strong{color:var(--fg);font-size:1.05rem}
        .failed img{display:none}
        .failed .fallback{display:flex}
        .caption{margin:4px 0 0;font-size:.85rem;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
        .index{font-weight:700;margin-right:.35em}
        .empty{color:var(--muted)}
        :focus-visible{outline:3px solid var(--focus);outline-offset:2px}
        #pager{width:100vw;height:100vh;max-width:none;max-height:none;margin:0;padding:0;border:0;background:#000;\
        color:#f2f2f2;overflow:hidden}
        #pager[open]{display:grid;grid-template-rows:minmax(0,1fr) auto}
        #pager::backdrop{background:#000}
        #stage{position:relative;min-height:0;display:flex;align-items:center;justify-content:center;\
        touch-action:pan-y pinch-zoom;user-select:none}
        #pager-image{width:100%;height:100%;object-fit:contain;image-orientation:from-image}
        #pager-placeholder{padding:24px;text-align:center;white-space:pre-line;color:#cfcfcf}
        .bar{display:flex;align-items:center;justify-content:center;gap:12px;padding:8px 12px 12px;flex-wrap:wrap}
        #pager-label{margin:0;min-width:5em;text-align:center;font-variant-numeric:tabular-nums;font-weight:600}
        #pager-name{margin:0;max-width:100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;color:#cfcfcf}
        .bar button,.bar a{font:inherit;color:#f2f2f2;background:#2b2b2b;border:1px solid #555;border-radius:6px;\
        padding:6px 14px;text-decoration:none;cursor:pointer}
        .bar button:disabled{opacity:.35;cursor:default}
        #pager :focus-visible{outline-color:#8ab4f8}
        """
}
