;; Rivulet's substring search over one chunk of UTF-8 text (worker/search/byteFinder.ts).
;; Compiled to byteScanWasm.ts by `node scripts/wasm.mjs`; a unit test checks the two agree.
;;
;; find(pat, m, p1, p2, from, end) → the first s in [from, end - m] where the m bytes at s equal
;; the m bytes at pat, or -1. p1 ≤ p2 < m are two positions of the needle (its rarest bytes):
;; sixteen starts at a time are kept only where both of those bytes match (two SIMD compares),
;; and only those are compared in full. The vector loop reads at most up to end - 1.
(module
  (memory (export "memory") 1)

  ;; 1 when the m bytes at pat and at `at` are equal.
  (func $same (param $pat i32) (param $m i32) (param $at i32) (result i32)
    (local $i i32)
    (block $differ
      (loop $next
        (if (i32.ge_u (local.get $i) (local.get $m)) (then (return (i32.const 1))))
        (br_if $differ
          (i32.ne (i32.load8_u (i32.add (local.get $pat) (local.get $i)))
                  (i32.load8_u (i32.add (local.get $at) (local.get $i)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (i32.const 0))

  (func (export "find")
    (param $pat i32) (param $m i32) (param $p1 i32) (param $p2 i32) (param $from i32) (param $end i32)
    (result i32)
    (local $b1 v128) (local $b2 v128) (local $s i32) (local $last i32) (local $mask i32) (local $c i32)
    (local.set $last (i32.sub (local.get $end) (local.get $m)))
    (local.set $b1 (i8x16.splat (i32.load8_u (i32.add (local.get $pat) (local.get $p1)))))
    (local.set $b2 (i8x16.splat (i32.load8_u (i32.add (local.get $pat) (local.get $p2)))))
    (local.set $s (local.get $from))
    ;; Sixteen starts s … s + 15 while the last of them is a valid start.
    (block $vectors
      (loop $block
        (br_if $vectors (i32.gt_s (i32.add (local.get $s) (i32.const 15)) (local.get $last)))
        (local.set $mask
          (i8x16.bitmask
            (v128.and
              (i8x16.eq (v128.load (i32.add (local.get $s) (local.get $p1))) (local.get $b1))
              (i8x16.eq (v128.load (i32.add (local.get $s) (local.get $p2))) (local.get $b2)))))
        (block $checked
          (loop $candidate
            (br_if $checked (i32.eqz (local.get $mask)))
            (local.set $c (i32.add (local.get $s) (i32.ctz (local.get $mask))))
            (if (call $same (local.get $pat) (local.get $m) (local.get $c)) (then (return (local.get $c))))
            (local.set $mask (i32.and (local.get $mask) (i32.sub (local.get $mask) (i32.const 1))))
            (br $candidate)))
        (local.set $s (i32.add (local.get $s) (i32.const 16)))
        (br $block)))
    ;; The last starts one at a time.
    (block $done
      (loop $one
        (br_if $done (i32.gt_s (local.get $s) (local.get $last)))
        (if (call $same (local.get $pat) (local.get $m) (local.get $s)) (then (return (local.get $s))))
        (local.set $s (i32.add (local.get $s) (i32.const 1)))
        (br $one)))
    (i32.const -1)))
