console.log("[]");
