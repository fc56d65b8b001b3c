package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/server"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/embedded"
)

// A host mounts the API under a prefix of its own mux; the keys file maps
// each Bearer key to a tenant (here acme, all projects).
func Example() {
	dir, _ := os.MkdirTemp("", "hybridrag-example-")
	defer os.RemoveAll(dir)
	st, err := embedded.Open(dir, embedded.Options{Create: true})
	if err != nil {
		log.Fatal(err)
	}
	defer st.Close()
	p, err := hybridrag.New(hybridrag.Config{Store: st})
	if err != nil {
		log.Fatal(err)
	}
	defer p.Close()
	_, err = p.Index(context.Background(), store.Document{ID: "pump.md", TenantID: "acme",
		Text: "# Pump manual\n\nPrime the pump with 2 litres of water before the first start.\n"})
	if err != nil {
		log.Fatal(err)
	}

	keys, err := server.ParseKeys(strings.NewReader("example-key-0123456789 acme\n"))
	if err != nil {
		log.Fatal(err)
	}
	api, err := server.New(p, server.Options{Auth: keys})
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/assistant/", http.StripPrefix("/assistant", api))
	srv := httptest.NewServer(mux) // in production: http.Server{Handler: mux} with server.Serve
	defer srv.Close()

	req, _ := http.NewRequest("POST", srv.URL+"/assistant/v1/query",
		strings.NewReader(`{"query": "How much water primes the pump?"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer example-key-0123456789")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	defer res.Body.Close()
	var ans struct {
		Answer     string `json:"answer"`
		Confidence string `json:"confidence"`
		Sources    []struct {
			DocumentID string `json:"document_id"`
		} `json:"sources"`
	}
	if err := json.NewDecoder(res.Body).Decode(&ans); err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.StatusCode, ans.Confidence)
	fmt.Println(ans.Answer)
	fmt.Println(ans.Sources[0].DocumentID)
	// Output:
	// 200 low
	// Prime the pump with 2 litres of water before the first start. [S1]
	// pump.md
}
