// A Go client of Topaz's authorizer (github.com/aserto-dev/go-authorizer, the client Topaz's own
// tools use) for `npm run bench -- topaz`: it sends the same warm `Is` call as the TypeScript
// adapter, one at a time on one connection, and prints the median and 99th percentile per call
// as one JSON line.
package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
	"time"

	authz "github.com/aserto-dev/go-authorizer/aserto/authorizer/v2"
	"github.com/aserto-dev/go-authorizer/aserto/authorizer/v2/api"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/protobuf/types/known/structpb"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8282", "authorizer gRPC address")
	caFile := flag.String("ca", "", "PEM file of the CA that signed Topaz's certificate")
	subject := flag.String("subject", "", "identity (IDENTITY_TYPE_SUB)")
	path := flag.String("path", "webapp.GET.api.documents.__id", "policy path")
	resource := flag.String("resource", "{}", "resource context (JSON)")
	calls := flag.Int("calls", 2000, "measured calls")
	warmup := flag.Int("warmup", 300, "calls before measuring")
	flag.Parse()

	pem, err := os.ReadFile(*caFile)
	check(err)
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		check(fmt.Errorf("no certificate in %s", *caFile))
	}
	conn, err := grpc.NewClient(*addr, grpc.WithTransportCredentials(credentials.NewTLS(&tls.Config{RootCAs: pool})))
	check(err)
	defer conn.Close()
	client := authz.NewAuthorizerClient(conn)

	var fields map[string]any
	check(json.Unmarshal([]byte(*resource), &fields))
	context_, err := structpb.NewStruct(fields)
	check(err)
	request := &authz.IsRequest{
		IdentityContext: &api.IdentityContext{Type: api.IdentityType_IDENTITY_TYPE_SUB, Identity: *subject},
		PolicyContext:   &api.PolicyContext{Path: *path, Decisions: []string{"allowed"}},
		ResourceContext: context_,
		PolicyInstance:  &api.PolicyInstance{Name: "webapp"},
	}
	is := func() bool {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		response, err := client.Is(ctx, request)
		check(err)
		return response.GetDecisions()[0].GetIs()
	}
	allowed := is()
	for i := 0; i < *warmup; i++ {
		is()
	}
	took := make([]float64, *calls)
	for i := range took {
		start := time.Now()
		is()
		took[i] = float64(time.Since(start).Nanoseconds())
	}
	sort.Float64s(took)
	at := func(p float64) float64 { return took[int(p*float64(len(took)-1))] }
	out, _ := json.Marshal(map[string]any{"allowed": allowed, "medianNs": at(0.5), "p99Ns": at(0.99), "calls": *calls})
	fmt.Println(string(out))
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "topaz-go-client:", err)
		os.Exit(1)
	}
}
