// GUC definitions.
pub fn init() {
    GucRegistry::define_bool_guc("demo_ivm.enabled", "on/off");
    GucRegistry::define_int_guc("demo_ivm.max_workers", "workers");
    let p = unsafe { get_ptr() };
    // SAFETY: the pointer is valid for the backend's lifetime.
    let q = unsafe { get_ptr() };
}

#[pg_extern(schema = "demo")]
fn create_stream_table(name: &str, query: &str) {}

#[pg_extern(schema = "demo")]
fn drop_stream_table(name: &str) {}
