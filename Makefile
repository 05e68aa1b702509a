# The targets people reach for. Swift builds are serialised through one lock
# file so that parallel make invocations never run two compilers at once.
PREFIX ?= /usr/local
SWIFT ?= swift
BUILD_LOCK ?= /tmp/imgsel-swift-build.lock
SWIFT_FLAGS ?= -Xswiftc -warnings-as-errors
# Fully static (Swift runtime and C library): no dynamic loader at start-up,
# which is most of the cost of a call that does little.
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -static-executable

.PHONY: build release test lint format install clean fuzz fuzz-decoders fuzz-thumbnail fuzz-icc pixel-check pillow-check \
	heic-files-check

build:
	flock $(BUILD_LOCK) $(SWIFT) build $(SWIFT_FLAGS)

# imgsel alone: the other products are test and bench tools (jpeg-encode and hevc-yuv link
# Foundation, whose getpwnam, getaddrinfo and dlopen each made glibc warn in a static link: 36 of
# the 37 linker warnings). The one left is the Swift runtime's LibPrespecialized, which calls
# dlopen only when SWIFT_DEBUG_ENABLE_LIB_PRESPECIALIZED and SWIFT_DEBUG_LIB_PRESPECIALIZED_PATH
# are set, and then with RTLD_NOLOAD, which never loads a library: glibc's "requires at runtime the
# shared libraries" cannot apply, so that line is filtered out. ld has no switch for one warning
# (-w drops all of them); any other warning still shows. sh has no pipefail: the build's status
# goes through a file.
STATIC_DLOPEN_WARNING = LibPrespecialized.*warning: Using 'dlopen' in statically linked applications
release:
	@status=$$(mktemp) && { flock $(BUILD_LOCK) $(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_FLAGS) --product imgsel 2>&1; \
		echo $$? > "$$status"; } | grep -v "$(STATIC_DLOPEN_WARNING)"; \
		code=$$(cat "$$status"); rm -f "$$status"; exit $$code

# Unit tests of the library and end-to-end tests that spawn the built binary.
test:
	flock $(BUILD_LOCK) $(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build --disable-swift-testing

# imgsel in real terminals (xterm, kitty, mlterm, foot, Konsole, Alacritty, GNOME Terminal) on
# Xvfb, checked on screenshots (Tests/terminals/suite.py); .ci/run installs them. A terminal not
# installed is skipped, loudly, unless CI=true. TERMINAL_ARGS: `--only kitty,foot --shots DIR`.
TERMINAL_ARGS ?=
.PHONY: terminals
terminals: build
	python3 Tests/terminals/suite.py --imgsel "$$($(SWIFT) build --show-bin-path)/imgsel" $(TERMINAL_ARGS)

# The house style (.swift-format: 4 spaces, 120 columns) and the rules the compiler does not
# check (.ci/check-sources: libraries never print or exit, no source file over 300 lines).
# Not a build: no lock. HelpPinTests is left out: it pins every help text byte for byte,
# and no formatter may touch the pins.
LINT_FILES = $(shell find Sources Tests Fuzz -name '*.swift' ! -path Tests/imgselTests/HelpPinTests.swift | sort) Package.swift
lint:
	@echo "swift format lint --strict (every Swift file but HelpPinTests.swift)"
	@$(SWIFT) format lint --strict --parallel $(LINT_FILES)
	.ci/check-sources

# Rewrites the Swift files in place in the house style.
format:
	$(SWIFT) format format --in-place --parallel $(LINT_FILES)

# Many processes at once, SIGKILLs, full and read-only disks (mounts a tmpfs: run as root).
.PHONY: stress
stress:
	python3 Tests/stress/stress.py

# Installs the binary, stripped (-s: 23 MB with its debug information, 10 MB without), the man page
# and the completion scripts (made by the installed binary, so that they list its commands).
# Every path is quoted, so a PREFIX with a space in it works.
DEST = $(DESTDIR)$(PREFIX)
BASH_COMPLETION = share/bash-completion/completions
ZSH_COMPLETION = share/zsh/site-functions
FISH_COMPLETION = share/fish/vendor_completions.d
install: release
	install -d "$(DEST)/bin" "$(DEST)/share/man/man1" "$(DEST)/$(BASH_COMPLETION)" "$(DEST)/$(ZSH_COMPLETION)" "$(DEST)/$(FISH_COMPLETION)"
	install -m 0755 -s "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/imgsel" "$(DEST)/bin/imgsel"
	install -m 0644 man/imgsel.1 "$(DEST)/share/man/man1/imgsel.1"
	"$(DEST)/bin/imgsel" completion bash > "$(DEST)/$(BASH_COMPLETION)/imgsel"
	"$(DEST)/bin/imgsel" completion zsh > "$(DEST)/$(ZSH_COMPLETION)/_imgsel"
	"$(DEST)/bin/imgsel" completion fish > "$(DEST)/$(FISH_COMPLETION)/imgsel.fish"
	chmod 0644 "$(DEST)/$(BASH_COMPLETION)/imgsel" "$(DEST)/$(ZSH_COMPLETION)/_imgsel" "$(DEST)/$(FISH_COMPLETION)/imgsel.fish"

# imgsel against the tools a shell script would use instead; measures, never fails on speed.
# BASELINE=path/to/an/older/imgsel compares view's start-up with it; BENCH_ARGS adds options
# (--only terminal, --photos DIR).
BASELINE ?=
BENCH_ARGS ?=
.PHONY: bench
bench: release
	# The JPEG bench encodes through jpeg-encode beside imgsel (`release` builds imgsel alone), the
	# AVIF bench decodes through av1-yuv.
	flock $(BUILD_LOCK) $(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_FLAGS) --product jpeg-encode
	flock $(BUILD_LOCK) $(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_FLAGS) --product av1-yuv
	python3 bench/bench.py --bin "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/imgsel" \
		$(if $(BASELINE),--baseline-bin "$(BASELINE)") $(BENCH_ARGS)

clean:
	rm -rf .build

# Fuzz the image probe with libFuzzer (ships with the toolchain) for FUZZ_TIME seconds, starting
# from the seed files in Fuzz/seeds. Only the compile holds the build lock. Not part of `test`.
FUZZ_TIME ?= 60
# libFuzzer's default of 4 KiB inputs cannot reach structures that need more bytes
# (a HEIF ipma table past its budget was one); raise it for a deeper, slower run.
FUZZ_MAX_LEN ?= 4096
FUZZ_DIR = .build/fuzz
FUZZ_FLAGS = -sanitize=fuzzer,address -parse-as-library -O
# The probe's own sources, and the leaf module they import, built first as a static library.
PROBE_SOURCES = $(shell find Sources/ImageHeaders -name "*.swift")
fuzz:
	mkdir -p $(FUZZ_DIR)/corpus $(FUZZ_DIR)/modules
	flock $(BUILD_LOCK) sh -c 'swiftc $(FUZZ_FLAGS) -module-name ByteCoding -emit-library -static \
		-emit-module -emit-module-path $(FUZZ_DIR)/modules/ByteCoding.swiftmodule \
		-o $(FUZZ_DIR)/libByteCoding.a Sources/ByteCoding/*.swift && \
		swiftc $(FUZZ_FLAGS) -use-ld=lld -I $(FUZZ_DIR)/modules -module-name ProbeFuzz \
		$(PROBE_SOURCES) Fuzz/ProbeFuzzer.swift $(FUZZ_DIR)/libByteCoding.a -o $(FUZZ_DIR)/probe-fuzzer'
	$(FUZZ_DIR)/probe-fuzzer $(FUZZ_DIR)/corpus Fuzz/seeds -max_total_time=$(FUZZ_TIME) \
		-max_len=$(FUZZ_MAX_LEN) -timeout=10 -rss_limit_mb=1024 -artifact_prefix=$(FUZZ_DIR)/ -print_final_stats=1

# The leaves the decoders import (ByteCoding, Deflate, and Posix with the C it imports, CTerminal and
# CFileCopy) as static libraries, their modules in FUZZ_DIR/modules beside empty modules named for the
# targets the codecs are split into (FUZZ_EMPTY_MODULES): the files compiled into a fuzzer's one module
# import ImageCore, ImageDecoding or a codec, and find Raster or the decoder in that module itself.
# The C targets' module map is written there, as SwiftPM writes its own.
FUZZ_EMPTY_MODULES = ImageDecoding ImageCore JPEGCodec PNGCodec GIFCodec BMPCodec TIFFCodec WebPCodec HEVCCodec \
	AV1Codec HEIFPictures Colour
FUZZ_LEAVES = clang -fsanitize=fuzzer-no-link,address -O1 -I Sources/CTerminal/include \
		-c Sources/CTerminal/terminal_restore.c -o $(FUZZ_DIR)/terminal_restore.o && \
	rm -f $(FUZZ_DIR)/libCTerminal.a && ar rcs $(FUZZ_DIR)/libCTerminal.a $(FUZZ_DIR)/terminal_restore.o && \
	for c in copier file_copy rename_exchange; do clang -fsanitize=fuzzer-no-link,address -O1 \
		-I Sources/CFileCopy/include -c Sources/CFileCopy/$$c.c -o $(FUZZ_DIR)/$$c.o || exit 1; done && \
	rm -f $(FUZZ_DIR)/libCFileCopy.a && ar rcs $(FUZZ_DIR)/libCFileCopy.a \
		$(FUZZ_DIR)/copier.o $(FUZZ_DIR)/file_copy.o $(FUZZ_DIR)/rename_exchange.o && \
	printf "module CTerminal {\n  header \"$(CURDIR)/Sources/CTerminal/include/cterminal.h\"\n  export *\n}\n" \
		> $(FUZZ_DIR)/modules/module.modulemap && \
	printf "module CFileCopy {\n  header \"$(CURDIR)/Sources/CFileCopy/include/cfilecopy.h\"\n  export *\n}\n" \
		>> $(FUZZ_DIR)/modules/module.modulemap && \
	swiftc $(FUZZ_FLAGS) -I $(FUZZ_DIR)/modules -module-name Posix -emit-library -static \
		-emit-module -emit-module-path $(FUZZ_DIR)/modules/Posix.swiftmodule \
		-o $(FUZZ_DIR)/libPosix.a Sources/Posix/*.swift && \
	swiftc $(FUZZ_FLAGS) -module-name ByteCoding -emit-library -static \
		-emit-module -emit-module-path $(FUZZ_DIR)/modules/ByteCoding.swiftmodule \
		-o $(FUZZ_DIR)/libByteCoding.a Sources/ByteCoding/*.swift && \
	swiftc $(FUZZ_FLAGS) -I $(FUZZ_DIR)/modules -module-name Deflate -emit-library -static \
		-emit-module -emit-module-path $(FUZZ_DIR)/modules/Deflate.swiftmodule \
		-o $(FUZZ_DIR)/libDeflate.a Sources/Deflate/*.swift && \
	: > $(FUZZ_DIR)/Empty.swift && for m in $(FUZZ_EMPTY_MODULES); do swiftc $(FUZZ_FLAGS) -module-name $$m \
		-emit-module -emit-module-path $(FUZZ_DIR)/modules/$$m.swiftmodule $(FUZZ_DIR)/Empty.swift || exit 1; done && \
	swiftc $(FUZZ_FLAGS) -I $(FUZZ_DIR)/modules -module-name ImageHeaders -emit-library -static \
		-emit-module -emit-module-path $(FUZZ_DIR)/modules/ImageHeaders.swiftmodule \
		-o $(FUZZ_DIR)/libImageHeaders.a $(PROBE_SOURCES)
# ImageHeaders too: the probe, and the Crop value ImageEncoding's Pixels/ (CropPixels) takes.
FUZZ_LIBRARIES = $(FUZZ_DIR)/libImageHeaders.a $(FUZZ_DIR)/libDeflate.a $(FUZZ_DIR)/libByteCoding.a \
	$(FUZZ_DIR)/libPosix.a $(FUZZ_DIR)/libCTerminal.a $(FUZZ_DIR)/libCFileCopy.a
# Built once until one of their sources (or this Makefile) changes: CI runs three fuzz targets in a row.
FUZZ_LEAF_SOURCES = $(shell find Sources/Posix Sources/ByteCoding Sources/Deflate Sources/ImageHeaders \
	Sources/CTerminal Sources/CFileCopy -type f)
$(FUZZ_DIR)/leaves.stamp: $(FUZZ_LEAF_SOURCES) Makefile
	mkdir -p $(FUZZ_DIR)/modules
	flock $(BUILD_LOCK) sh -c '$(FUZZ_LEAVES)'
	touch $@

# One libFuzzer target a decoder (ASan), each built as one module from the sources the decoders
# are made of: ImageCore (Parallel too: the AV1 decoder decodes a frame's tiles at once), every
# codec target (the PNG writer
# with them: the PNG fuzzer writes back what it decodes; not the JPEG encoder) and ImageEncoding's
# Pixels/ (the fuzzers turn and shrink what they decode), so the fuzzers reach internal entry
# points; run FUZZ_TIME seconds on inputs up to
# 256 KiB with a 1 s timeout:
# `make fuzz-decoders FUZZ_TIME=600` is the ten-minute run. DECODERS picks some:
# `make fuzz-decoders DECODERS="JPEG PNG"`.
DECODERS ?= JPEG PNG GIF WebP BMP TIFF Inflate VP8L HEVC HEIF AV1 AVIF
DECODER_SOURCES = $(shell find Sources/ImageCore -name "*.swift") \
	$(shell find Sources/JPEGCodec/Decoder Sources/PNGCodec Sources/GIFCodec Sources/BMPCodec Sources/TIFFCodec \
		Sources/WebPCodec Sources/HEVCCodec Sources/AV1Codec Sources/HEIFPictures Sources/ImageEncoding/Pixels \
		-name "*.swift")
# AV1 (raw OBUs) and AVIF (the HEIF container over AV1) are built from their own sources alone,
# ImageCore's, AV1Codec's and HEIFPictures': a third of the compile, so CI affords a short run.
FUZZ_SOURCES_AV1 = $(shell find Sources/ImageCore -name "*.swift") \
	$(shell find Sources/AV1Codec -name "*.swift")
FUZZ_SOURCES_AVIF = $(FUZZ_SOURCES_AV1) $(shell find Sources/HEIFPictures -name "*.swift")
fuzz-decoders: $(FUZZ_DIR)/leaves.stamp
	for d in $(DECODERS); do \
		case $$d in AV1) sources="$(FUZZ_SOURCES_AV1)";; AVIF) sources="$(FUZZ_SOURCES_AVIF)";; \
			*) sources="$(DECODER_SOURCES) Fuzz/AnimationFrames.swift";; esac; \
		flock $(BUILD_LOCK) swiftc $(FUZZ_FLAGS) -use-ld=lld -I $(FUZZ_DIR)/modules -module-name $${d}Fuzz \
			$$sources Fuzz/$${d}DecoderFuzzer.swift $(FUZZ_LIBRARIES) -o $(FUZZ_DIR)/$$d-fuzzer || exit 1; \
	done
	for d in $(DECODERS); do \
		seeds=Fuzz/seeds-$$(echo $$d | tr A-Z a-z); [ $$d = Inflate ] && seeds=Fuzz/seeds-png; \
		mkdir -p $(FUZZ_DIR)/corpus-$$d; \
		echo "== $$d decoder, $(FUZZ_TIME) s"; \
		$(FUZZ_DIR)/$$d-fuzzer $(FUZZ_DIR)/corpus-$$d $$seeds -max_total_time=$(FUZZ_TIME) -max_len=262144 \
			-seed=$(FUZZ_SEED) -timeout=1 -rss_limit_mb=2048 -artifact_prefix=$(FUZZ_DIR)/$$d- \
			-print_final_stats=1 2>&1 \
			| grep -E "^stat::number_of_executed_units|ERROR|SUMMARY|Done" || exit 1; \
		for finding in $(FUZZ_DIR)/$$d-crash-* $(FUZZ_DIR)/$$d-timeout-* $(FUZZ_DIR)/$$d-leak-* \
			$(FUZZ_DIR)/$$d-oom-*; do \
			[ ! -e "$$finding" ] || { echo "$$d: a finding, $$finding"; exit 1; }; \
		done; \
	done

# The path `thumbnail` takes (probe, read limit, decode, orient, shrink) under one libFuzzer target,
# with a mutator writing claimed sizes up to 2^32-1 into the headers (Fuzz/ClaimedSizes.swift): the
# probe as a static library, the decoders, the registry (PixelDecoders and its formats) and
# ImageEncoding's Thumbnailer, ThumbnailSize and PictureColour, with the Colour target (the profile a
# file carries is parsed and applied on this path too), with the target.
# Run FUZZ_TIME seconds from each decoded format's seeds in turn (THUMBNAIL_SEEDS picks some). The
# timeout is 30 s: a legitimate 16384² picture decoded and shrunk under ASan takes about ten.
THUMBNAIL_SEEDS ?= jpeg png gif webp bmp tiff heif avif
# libFuzzer's random seed; CI fixes it (FUZZ_SEED=1) so that a short run is the same run each time
# up to where its time ends, and a finding there replays. 0 is a new seed each run.
FUZZ_SEED ?= 0
THUMBNAIL_SOURCES = $(DECODER_SOURCES) Sources/ImageDecoding/Pipeline/PixelDecoders.swift \
	Sources/ImageDecoding/Pipeline/PixelDecoder+Formats.swift \
	Sources/ImageEncoding/Pipeline/Thumbnailer.swift Sources/ImageEncoding/Thumbnail/ThumbnailSize.swift \
	Sources/ImageEncoding/Colour/PictureColour.swift $(COLOUR_SOURCES)
fuzz-thumbnail: $(FUZZ_DIR)/leaves.stamp
	flock $(BUILD_LOCK) sh -c 'swiftc $(FUZZ_FLAGS) -use-ld=lld -I $(FUZZ_DIR)/modules -module-name ThumbnailFuzz \
		$(THUMBNAIL_SOURCES) Fuzz/ThumbnailFuzzer.swift Fuzz/ClaimedSizes.swift \
		$(FUZZ_LIBRARIES) -o $(FUZZ_DIR)/thumbnail-fuzzer'
	for f in $(THUMBNAIL_SEEDS); do \
		mkdir -p $(FUZZ_DIR)/corpus-thumbnail-$$f; \
		echo "== thumbnail path from seeds-$$f, $(FUZZ_TIME) s"; \
		$(FUZZ_DIR)/thumbnail-fuzzer $(FUZZ_DIR)/corpus-thumbnail-$$f Fuzz/seeds-$$f -max_total_time=$(FUZZ_TIME) \
			-seed=$(FUZZ_SEED) \
			-max_len=262144 -timeout=30 -rss_limit_mb=3072 -malloc_limit_mb=3072 \
			-artifact_prefix=$(FUZZ_DIR)/thumbnail-$$f- -print_final_stats=1 2>&1 \
			| grep -E "^stat::number_of_executed_units|ERROR|SUMMARY|Done" || exit 1; \
		for finding in $(FUZZ_DIR)/thumbnail-$$f-crash-* $(FUZZ_DIR)/thumbnail-$$f-timeout-* \
			$(FUZZ_DIR)/thumbnail-$$f-oom-*; do \
			[ ! -e "$$finding" ] || { echo "thumbnail ($$f): a finding, $$finding"; exit 1; }; \
		done; \
	done

# The ICC profile parser and the conversions built on what it accepts, under one libFuzzer target:
# the Colour sources in one module over Posix (ImageCore's Raster is in it too), FUZZ_TIME seconds
# from Tests/ColourTests' fixture profiles (RGB matrix/TRC, mft2, mAB, grey, CMYK), the seeds. The
# malloc limit catches an allocation past the profile budget (16 MiB) by far.
COLOUR_SOURCES = $(shell find Sources/Colour -name "*.swift")
fuzz-icc: $(FUZZ_DIR)/leaves.stamp
	mkdir -p $(FUZZ_DIR)/corpus-icc
	flock $(BUILD_LOCK) sh -c 'swiftc $(FUZZ_FLAGS) -use-ld=lld -I $(FUZZ_DIR)/modules -module-name ICCFuzz \
		$(COLOUR_SOURCES) $(shell find Sources/ImageCore -name "*.swift" -not -name Parallel.swift) \
		Fuzz/ICCProfileFuzzer.swift $(FUZZ_LIBRARIES) -o $(FUZZ_DIR)/icc-fuzzer'
	$(FUZZ_DIR)/icc-fuzzer $(FUZZ_DIR)/corpus-icc Tests/ColourTests/Fixtures -max_total_time=$(FUZZ_TIME) -seed=$(FUZZ_SEED) \
		-max_len=65536 -timeout=10 -rss_limit_mb=1024 -malloc_limit_mb=256 -artifact_prefix=$(FUZZ_DIR)/icc- \
		-print_final_stats=1 2>&1 | grep -E "^stat::number_of_executed_units|ERROR|SUMMARY|Done" || exit 1
	for finding in $(FUZZ_DIR)/icc-crash-* $(FUZZ_DIR)/icc-timeout-* $(FUZZ_DIR)/icc-oom-*; do \
		[ ! -e "$$finding" ] || { echo "icc: a finding, $$finding"; exit 1; }; \
	done

# Every picture imgsel decodes against Pillow's (bench/compare-pixels-with-pillow.py): needs
# Pillow, numpy-free; builds its corpus with bench/make_pixel_corpus.py (and cjpeg, pypng).
# imgsel's alike distance on real photographs (scikit-image's, OpenCV's and libjxl's samples) and their
# transformations made with Pillow, against imagehash's pHash and dHash: recall per transformation, on
# bursts, and precision over every distinct pair (tools/alike). Needs `pip install scikit-image imagehash`
# and Debian's opencv-doc and libjxl-testdata; not part of `make test`.
ALIKE_DIR ?= /tmp/imgsel-alike-corpus
.PHONY: alike-check
alike-check:
	flock $(BUILD_LOCK) $(SWIFT) build -c release $(SWIFT_FLAGS) --product alike-matrix
	test -f $(ALIKE_DIR)/pairs.tsv || python3 tools/alike/make_corpus.py $(ALIKE_DIR)
	python3 tools/alike/check.py --corpus $(ALIKE_DIR) \
		--matrix "$$($(SWIFT) build -c release --show-bin-path)/alike-matrix"

pixel-check: build
	python3 bench/compare-pixels-with-pillow.py --imgsel "$$($(SWIFT) build --show-bin-path)/imgsel"

# Colour held to LittleCMS (Pillow's ImageCms), file by file (tools/colour/files_check.py): every
# profile kind (Debian's icc-profiles-free, colord-data and Ghostscript's, and profiles written byte by
# byte: Display P3 v4 para, a v2 curv table, an mft2 LUT) in JPEG, PNG, WebP, TIFF and HEIC, nclx
# HEICs, untagged files; a table of mean and max ΔE2000 a file, failing over 1.0 or 3.0. CI runs it
# whole (a minute); COLOUR_CHECK_ARGS=--short checks one profile of each kind.
COLOUR_CHECK_ARGS ?=
.PHONY: colour-check
colour-check: build
	python3 tools/colour/files_check.py "$$($(SWIFT) build --show-bin-path)/imgsel" $(COLOUR_CHECK_ARGS)

# imgsel's HEVC decoder against dec265 (libde265), bit for bit on YUV, over x265 streams made with
# many switch sets (bench/heic_check.py; needs x265 and libde265-examples). HEIC_CHECK_ARGS=--quick
# runs a sample. Then the files half, heic-files-check (below).
HEIC_CHECK_ARGS ?=
.PHONY: heic-check
heic-check: heic-files-check
	flock $(BUILD_LOCK) $(SWIFT) build $(SWIFT_FLAGS) -c release --product hevc-yuv
	python3 bench/heic_check.py --decoder "$$($(SWIFT) build -c release --show-bin-path)/hevc-yuv" $(HEIC_CHECK_ARGS)

# AV1 (issue 41): aomenc, avifenc and Pillow stills decoded by av1-yuv and by dav1d --filmgrain 0,
# plane md5s compared (tools/avif/avif_check.py); AVIF files in every sampling and depth, and their
# alpha items. A stream whose frame turns on a loop filter imgsel
# does not apply yet is listed by name as "filters not yet" (headers and syntax still checked), not
# as a failure. AVIF_CHECK_ARGS=--quick.
.PHONY: avif-check
avif-check:
	flock $(BUILD_LOCK) $(SWIFT) build $(SWIFT_FLAGS) -c release --product av1-yuv
	python3 tools/avif/avif_check.py --decoder "$$($(SWIFT) build -c release --show-bin-path)/av1-yuv" \
		$(AVIF_CHECK_ARGS)

# HEIF files (the files half of the HEIC check, bench/heif_files_check.py): pillow-heif writes
# them (grids, alpha, 10 bit, nclx, irot/imir/clap), imgsel and pillow-heif decode them, RGB PSNR
# a file. LOOP_FILTERS=off encodes without deblocking and SAO, to hold the container apart.
LOOP_FILTERS ?= on
heic-files-check: build
	python3 bench/heif_files_check.py --imgsel "$$($(SWIFT) build --show-bin-path)/imgsel" \
		--loop-filters $(LOOP_FILTERS)

# imgsel's colour engine against LittleCMS 2 (Pillow's ImageCms): every device profile in
# /usr/share/color/icc (colord-data, icc-profiles-free, Ghostscript's), profiles written byte by
# byte and nclx code points, through icc-apply and through ImageCms; prints mean and max ΔE2000 a
# profile and fails on one past 1.0 / 3.0 (tools/colour/engine_check.py).
.PHONY: colour-engine-check
colour-engine-check:
	flock $(BUILD_LOCK) $(SWIFT) build $(SWIFT_FLAGS) -c release --product icc-apply
	python3 tools/colour/engine_check.py --icc-apply "$$($(SWIFT) build -c release --show-bin-path)/icc-apply"

# Compare `imgsel --json info` with Pillow on the shared corpus (needs Pillow and pillow-heif).
pillow-check: build
	python3 bench/compare-with-pillow.py --imgsel "$$($(SWIFT) build --show-bin-path)/imgsel"
