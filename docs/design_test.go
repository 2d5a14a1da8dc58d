package docs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"strings"
	"testing"
)

// goNames returns the names the repository's Go code declares, tests
// included: every package, every top-level name, bare and as pkg.Name,
// every method and struct field, bare and as Type.name (with the members
// an embedded type promotes), and the set of type names.
func goNames(t *testing.T) (names, types map[string]bool) {
	t.Helper()
	names, types = map[string]bool{}, map[string]bool{}
	members := map[string][]string{} // type -> its methods and fields
	embeds := map[string][]string{}  // struct type -> the types it embeds
	fset := token.NewFileSet()
	eachRepoFile(t, func(path string) bool { return strings.HasSuffix(path, ".go") }, func(path, text string) {
		f, err := parser.ParseFile(fset, path, text, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		pkg := f.Name.Name
		names[pkg] = true
		add := func(owner, name string) {
			names[name] = true
			names[owner+"."+name] = true
			members[owner] = append(members[owner], name)
		}
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				owner := pkg
				if d.Recv != nil && len(d.Recv.List) > 0 {
					owner = recvType(d.Recv.List[0].Type)
				}
				add(owner, d.Name.Name)
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						add(pkg, s.Name.Name)
						types[s.Name.Name] = true
						if st, ok := s.Type.(*ast.StructType); ok {
							for _, fl := range st.Fields.List {
								for _, n := range fl.Names {
									add(s.Name.Name, n.Name)
								}
								if len(fl.Names) == 0 { // embedded
									e := recvType(fl.Type)
									add(s.Name.Name, e)
									embeds[s.Name.Name] = append(embeds[s.Name.Name], e)
								}
							}
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							add(pkg, n.Name)
						}
					}
				}
			}
		}
	})
	for typ, es := range embeds {
		for _, e := range es {
			for _, m := range members[e] {
				names[typ+"."+m] = true
			}
		}
	}
	return names, types
}

// recvType returns the name of a receiver's (or embedded field's) type.
func recvType(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvType(e.X)
	case *ast.IndexExpr:
		return recvType(e.X)
	case *ast.IndexListExpr:
		return recvType(e.X)
	case *ast.SelectorExpr:
		return e.Sel.Name
	case *ast.Ident:
		return e.Name
	}
	return ""
}

// TestDesignNamesExist holds DESIGN.md's map to the code: every Go name it
// cites in code quotes, a function (`countFromTops`), a method or field
// (`generator.visit`, `rules.crown`), a type or a constant, is declared
// somewhere in the repository. A rename that leaves the design note behind
// fails here.
func TestDesignNamesExist(t *testing.T) {
	text, err := os.ReadFile("../DESIGN.md")
	if err != nil {
		t.Fatal(err)
	}
	names, types := goNames(t)
	// A quoted Go name: an identifier, or two joined by a dot, optionally
	// followed by a call's parentheses. Quotes of anything else (flags,
	// commands, expressions, file names) do not match and are skipped.
	ident := regexp.MustCompile("`([A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)?)(?:\\(\\))?`")
	// Words quoted that are not the repository's names: Go's own, and
	// settings' values as docs/RULES.md writes them.
	notCode := map[string]bool{}
	// Nor are the worked example's new names (a switch value that does not
	// exist yet), the local variables of code quoted, squares and outside
	// packages and calls.
	for _, w := range strings.Fields(`true false nil append copy make new len cap panic
		uint64 uint8 int string byte bool error any go fmt madvise
		CrownAndMaybeStop crownStopsUnlessJumps g keyed c3`) {
		notCode[w] = true
	}
	seen := map[string]bool{}
	for _, m := range ident.FindAllStringSubmatch(string(text), -1) {
		name := m[1]
		if seen[name] || notCode[name] || names[name] {
			continue
		}
		seen[name] = true
		if i := strings.IndexByte(name, '.'); i > 0 {
			if isFileExt(name[i+1:]) {
				continue // a file name: foo.go, DESIGN.md
			}
			// A value's member (g.out, NoSquare.bit): the member must be
			// declared; a type's member must be that type's own.
			if !types[name[:i]] && names[name[i+1:]] {
				continue
			}
		}
		t.Errorf("DESIGN.md cites `%s`, which the code does not declare", name)
	}
}

func isFileExt(s string) bool {
	switch s {
	case "go", "md", "pgo", "sh", "mod", "sum", "txt", "json", "js", "html", "css", "svg", "pdn", "fen":
		return true
	}
	return false
}
