//go:build amd64 && !purego

#include "textflag.h"

// func dotRowsAVX2(out *int32, codes *int8, q *int16, dim, rows int)
//
// For each of rows consecutive rows of dim int8 codes, out[r] = Σ code·q
// in int32. 32 codes per step into two accumulators (VPMADDWD's latency
// hides behind the other chain), then one step of 16, then scalar.
TEXT ·dotRowsAVX2(SB), NOSPLIT, $0-40
	MOVQ out+0(FP), R8
	MOVQ codes+8(FP), SI
	MOVQ q+16(FP), R9
	MOVQ dim+24(FP), DX
	MOVQ rows+32(FP), R10

row:
	TESTQ R10, R10
	JZ    done
	MOVQ  R9, DI
	MOVQ  DX, CX
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1

loop32:
	CMPQ      CX, $32
	JL        step16
	VPMOVSXBW (SI), Y2
	VPMOVSXBW 16(SI), Y3
	VPMADDWD  (DI), Y2, Y2
	VPMADDWD  32(DI), Y3, Y3
	VPADDD    Y2, Y0, Y0
	VPADDD    Y3, Y1, Y1
	ADDQ      $32, SI
	ADDQ      $64, DI
	SUBQ      $32, CX
	JMP       loop32

step16:
	CMPQ      CX, $16
	JL        reduce
	VPMOVSXBW (SI), Y2
	VPMADDWD  (DI), Y2, Y2
	VPADDD    Y2, Y0, Y0
	ADDQ      $16, SI
	ADDQ      $32, DI
	SUBQ      $16, CX

reduce:
	VPADDD       Y1, Y0, Y0
	VEXTRACTI128 $1, Y0, X1
	VPADDD       X1, X0, X0
	VPSHUFD      $0x4e, X0, X1
	VPADDD       X1, X0, X0
	VPSHUFD      $0xb1, X0, X1
	VPADDD       X1, X0, X0
	VMOVD        X0, AX

scalar:
	TESTQ   CX, CX
	JZ      store
	MOVBQSX (SI), R11
	MOVWQSX (DI), R12
	IMULL   R12, R11
	ADDL    R11, AX
	INCQ    SI
	ADDQ    $2, DI
	DECQ    CX
	JMP     scalar

store:
	MOVL AX, (R8)
	ADDQ $4, R8
	DECQ R10
	JMP  row

done:
	VZEROUPPER
	RET

// Dword order that undoes the lane interleaving of VPACKSSDW + VPACKSSWB.
DATA packOrder<>+0(SB)/4, $0
DATA packOrder<>+4(SB)/4, $4
DATA packOrder<>+8(SB)/4, $1
DATA packOrder<>+12(SB)/4, $5
DATA packOrder<>+16(SB)/4, $2
DATA packOrder<>+20(SB)/4, $6
DATA packOrder<>+24(SB)/4, $3
DATA packOrder<>+28(SB)/4, $7
GLOBL packOrder<>(SB), RODATA|NOPTR, $32

// func quantizeAVX2(dst *int8, v *float32, n int, inv float32)
//
// n is a multiple of 32. dst[i] = int32(float32(v[i]·inv) + 128.5) − 128,
// as quantizeGeneric: VMULPS and VADDPS round separately (no FMA), and
// VCVTTPS2DQ truncates like Go's conversion.
TEXT ·quantizeAVX2(SB), NOSPLIT, $0-28
	MOVQ         dst+0(FP), DI
	MOVQ         v+8(FP), SI
	MOVQ         n+16(FP), CX
	VBROADCASTSS inv+24(FP), Y0
	MOVL         $0x43008000, AX  // 128.5
	VMOVD        AX, X1
	VPBROADCASTD X1, Y1
	MOVL         $128, AX
	VMOVD        AX, X2
	VPBROADCASTD X2, Y2
	VMOVDQU      packOrder<>(SB), Y7

qloop:
	TESTQ      CX, CX
	JZ         qdone
	VMULPS     (SI), Y0, Y3
	VMULPS     32(SI), Y0, Y4
	VMULPS     64(SI), Y0, Y5
	VMULPS     96(SI), Y0, Y6
	VADDPS     Y1, Y3, Y3
	VADDPS     Y1, Y4, Y4
	VADDPS     Y1, Y5, Y5
	VADDPS     Y1, Y6, Y6
	VCVTTPS2DQ Y3, Y3
	VCVTTPS2DQ Y4, Y4
	VCVTTPS2DQ Y5, Y5
	VCVTTPS2DQ Y6, Y6
	VPSUBD     Y2, Y3, Y3
	VPSUBD     Y2, Y4, Y4
	VPSUBD     Y2, Y5, Y5
	VPSUBD     Y2, Y6, Y6
	VPACKSSDW  Y4, Y3, Y3
	VPACKSSDW  Y6, Y5, Y5
	VPACKSSWB  Y5, Y3, Y3
	VPERMD     Y3, Y7, Y3
	VMOVDQU    Y3, (DI)
	ADDQ       $128, SI
	ADDQ       $32, DI
	SUBQ       $32, CX
	JMP        qloop

qdone:
	VZEROUPPER
	RET
