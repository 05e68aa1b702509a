/// The page's one script, inlined and allowed by its hash in the page's CSP.
///
/// It reads everything from the grid's markup (no data is interpolated into the
/// script, so its hash is the same for every page): each cell's link, name and image.
/// The pager is a modal `<dialog>`, so focus stays inside it and the grid is inert.
enum PageScript {
    static let javascript = #"""
        (function () {
          'use strict';
          var cells = Array.prototype.slice.call(document.querySelectorAll('#grid .thumb'));
          var total = cells.length;
          var pager = document.getElementById('pager');
          var stage = document.getElementById('stage');
          var image = document.getElementById('pager-image');
          var placeholder = document.getElementById('pager-placeholder');
          var label = document.getElementById('pager-label');
          var nameLine = document.getElementById('pager-name');
          var save = document.getElementById('pager-save');
          var prev = document.getElementById('pager-prev');
          var next = document.getElementById('pager-next');
          var closer = document.getElementById('pager-close');
          var current = 0;

          // A cell whose image the browser cannot show (HEIC, TIFF, a damaged file) shows its
          // type and size instead; the image may have failed before this script ran.
          function markFailed(cell) { cell.classList.add('failed'); }
          cells.forEach(function (cell) {
            var img = cell.querySelector('img');
            img.addEventListener('error', function () { markFailed(cell); });
            if (img.complete && img.naturalWidth === 0) markFailed(cell);
          });

          function indexFromHash() {
            var m = /^#([1-9][0-9]{0,3})$/.exec(location.hash);
            var n = m ? parseInt(m[1], 10) : 0;
            return n <= total ? n : 0;
          }
          function setHash(n) {
            var url = location.href.split('#')[0] + (n ? '#' + n : '');
            if (url === location.href) return;
            try { history.replaceState(null, '', url); } catch (e) { /* the pager works without it */ }
          }
          function fallbackText(cell) {
            return Array.prototype.map.call(cell.querySelectorAll('.fallback span, .fallback strong'),
              function (part) { return part.textContent; }).join('\n') +
              '\n\nThis browser cannot show this image. Save keeps the file as it is.';
          }

          function show(n) {
            var cell = cells[n - 1];
            var src = cell.querySelector('img').getAttribute('src');
            var name = cell.getAttribute('data-name');
            current = n;
            var failed = cell.classList.contains('failed');
            image.hidden = failed;
            placeholder.hidden = !failed;
            if (failed) {
              image.removeAttribute('src');
              image.alt = '';
              placeholder.textContent = fallbackText(cell);
            } else {
              image.alt = name;
              image.src = src;
            }
            label.textContent = n + ' / ' + total;
            nameLine.textContent = cell.getAttribute('data-path');
            releaseBlob();
            save.href = src;
            save.setAttribute('download', name);
            save.setAttribute('aria-label', 'Save ' + name);
            prev.disabled = n === 1;
            next.disabled = n === total;
            if (document.activeElement && document.activeElement.disabled) focusControl();
            setHash(n);
          }
          // Save hands the browser an object URL made from the embedded bytes at the moment of the
          // click: a data: URI of a few megabytes can be too long for a download link.
          var blobURL = null;
          function releaseBlob() {
            if (blobURL) URL.revokeObjectURL(blobURL);
            blobURL = null;
          }
          function blobFromDataURI(uri) {
            var comma = uri.indexOf(',');
            var binary = atob(uri.slice(comma + 1));
            var bytes = new Uint8Array(binary.length);
            for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
            return new Blob([bytes], { type: uri.slice(5, uri.indexOf(';')) });
          }
          save.addEventListener('click', function () {
            var href = save.getAttribute('href') || '';
            if (href.slice(0, 5) !== 'data:') return;
            blobURL = URL.createObjectURL(blobFromDataURI(href));
            save.href = blobURL;
          });

          function focusControl() {
            (!next.disabled ? next : !prev.disabled ? prev : closer).focus();
          }
          function open(n) {
            if (!n) return;
            var opening = !pager.open;
            if (opening) pager.showModal();
            show(n);
            if (opening) focusControl();
          }
          // Closing is finished here, not in the dialog's 'close' event, which comes a task
          // later; the event still covers the dialog's own ways to close (Escape on some browsers).
          function close() {
            if (!pager.open) return;
            pager.close();
            closed();
          }
          function closed() {
            if (pager.open) return;
            setHash(0);
            image.removeAttribute('src');
            if (current && cells[current - 1] !== document.activeElement) cells[current - 1].focus();
          }
          function step(by) {
            var n = current + by;
            if (pager.open && n >= 1 && n <= total) show(n);
          }

          pager.addEventListener('close', closed);
          image.addEventListener('error', function () {
            if (!image.getAttribute('src')) return;
            markFailed(cells[current - 1]);
            show(current);
          });

          cells.forEach(function (cell, i) {
            cell.addEventListener('click', function (event) {
              event.preventDefault();
              open(i + 1);
            });
          });
          prev.addEventListener('click', function () { step(-1); });
          next.addEventListener('click', function () { step(1); });
          closer.addEventListener('click', close);

          document.addEventListener('keydown', function (event) {
            if (!pager.open || event.altKey || event.ctrlKey || event.metaKey) return;
            switch (event.key) {
              case 'ArrowLeft': step(-1); break;
              case 'ArrowRight': step(1); break;
              case 'Home': step(1 - current); break;
              case 'End': step(total - current); break;
              case 'Escape': close(); break;
              default: return;
            }
            event.preventDefault();
          });

          // Swipes: a mostly horizontal drag of 40 px or more pages; the click it ends in is ignored.
          var start = null;
          var swiped = false;
          stage.addEventListener('pointerdown', function (event) {
            start = { x: event.clientX, y: event.clientY };
            swiped = false;
          });
          stage.addEventListener('pointerup', function (event) {
            if (!start) return;
            var dx = event.clientX - start.x;
            var dy = event.clientY - start.y;
            start = null;
            if (Math.abs(dx) >= 40 && Math.abs(dx) > 1.5 * Math.abs(dy)) {
              swiped = true;
              step(dx < 0 ? 1 : -1);
            }
          });
          stage.addEventListener('pointercancel', function () { start = null; });

          // A click on the background (the stage outside the fitted picture) closes the pager.
          function onPicture(x, y) {
            if (image.hidden || !image.naturalWidth) return false;
            var box = image.getBoundingClientRect();
            var scale = Math.min(box.width / image.naturalWidth, box.height / image.naturalHeight);
            var w = image.naturalWidth * scale;
            var h = image.naturalHeight * scale;
            var left = box.left + (box.width - w) / 2;
            var top = box.top + (box.height - h) / 2;
            return x >= left && x <= left + w && y >= top && y <= top + h;
          }
          stage.addEventListener('click', function (event) {
            if (swiped) { swiped = false; return; }
            if (event.target === placeholder || onPicture(event.clientX, event.clientY)) return;
            close();
          });

          window.addEventListener('hashchange', function () {
            var n = indexFromHash();
            if (n) open(n); else close();
          });
          open(indexFromHash());
        })();
        """#
}
