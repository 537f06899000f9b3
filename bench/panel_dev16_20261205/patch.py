"""Patch each bundle's 'ours' with the final labeller's labels (same fits, from pickles); check ours_before."""
import json, sys, glob
def table(path):
    out = {}
    for line in open(path):
        name, lv, k, n, lab = line.rstrip("\n").split("\t")
        out[(name, "topic" if lv == "t" else "area", k)] = (int(n), lab)
    return out
before, final = table("/work/s7/before_all.tsv"), table("/work/s7/final_all.tsv")
keep_all = {"acl2022"}
for f in sorted(glob.glob("/work/p16/*.json")):
    b = json.load(open(f)); name = b["corpus"]
    bad = 0; kept = []
    for g in b["groups"]:
        key = (name, g["level"], str(g["topic"]))
        n, lab_b = before[key]
        if n != int(g["size"]) or lab_b != g["candidates"]["ours_before"]:
            bad += 1; print("MISMATCH", key, n, g["size"], lab_b, "|", g["candidates"]["ours_before"])
        g["candidates"]["ours"] = final[key][1]
        if name in keep_all or g["candidates"]["ours"] != g["candidates"]["ours_before"]:
            kept.append(g)
    b["groups"] = kept
    json.dump(b, open(f.replace("/p16/", "/p16/patched/"), "w"), ensure_ascii=False)
    print(name, "groups kept", len(kept), "mismatches", bad)
