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
