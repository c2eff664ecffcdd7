// Refresh engine.
use std::collections::HashMap;

pub fn refresh(name: &str) -> i64 {
    let cfg = load(name).unwrap();
    let id = cfg.get("id").unwrap();
    let n: i64 = id.parse().unwrap();
    let m = lookup(n).unwrap();
    let k = m.checked_add(1).unwrap();
    let v = values().unwrap();
    let w = v.first().unwrap();
    k + *w
}

fn load(_n: &str) -> Option<HashMap<String, String>> { None }
fn lookup(n: i64) -> Option<i64> { Some(n) }
fn values() -> Option<Vec<i64>> { Some(vec![1]) }

#[cfg(test)]
mod tests {
    #[test]
    fn t() {
        let a: Option<i64> = Some(1);
        a.unwrap();
        a.unwrap();
        a.unwrap();
    }
}
